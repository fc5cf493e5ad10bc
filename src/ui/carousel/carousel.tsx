import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import type { EmblaOptionsType, EmblaPluginType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import type { CarouselOptions } from '@/content/types.gen.ts';
import styles from './carousel.module.css';

const narrowScreen = '(max-width: 576px)';
const reducedMotion = '(prefers-reduced-motion: reduce)';

/** Embla's options and plugins for the carousel's data. */
function emblaSettings(options: CarouselOptions): { options: EmblaOptionsType; plugins: EmblaPluginType[] } {
  const autoplay = options.autoplay
    ? Autoplay({
        delay: options.autoplayDelayMs ?? 4000,
        stopOnInteraction: false,
        stopOnMouseEnter: true,
        stopOnFocusIn: true,
        breakpoints: { [reducedMotion]: { active: false } },
      })
    : undefined;
  return {
    options: {
      align: 'start',
      duration: Math.round(options.speedMs / 20),
      loop: options.loop === 'always',
      breakpoints: options.loop === 'narrow' ? { [narrowScreen]: { loop: true } } : {},
    },
    plugins: autoplay ? [autoplay] : [],
  };
}

interface CarouselProps {
  label: string;
  options: CarouselOptions;
  slides: ReactNode[];
  tone?: 'light' | 'dark';
}

/**
 * A carousel whose behaviour is data. Layout depends only on CSS (slides visible per width), never
 * on the viewport during render, so it renders the same on the server; embla's breakpoints handle
 * looping on narrow screens and switch autoplay off for people who prefer reduced motion. Its code (embla and
 * its autoplay) is a chunk of its own, loaded by the sections that show a carousel.
 */
export function Carousel({ label, options, slides, tone = 'light' }: CarouselProps) {
  const hintId = useId();
  // Read once, at mount: embla starts on the server's markup when the section hydrates.
  const [settings] = useState(() => emblaSettings(options));
  const [viewportRef, embla] = useEmblaCarousel(settings.options, settings.plugins);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(slides.length);
  // Whether autoplay can run here: not for people who prefer reduced motion (the plugin is inactive), nor with one snap.
  const [canPlay, setCanPlay] = useState(false);
  // The visitor's Pause, which holds until they press Play: the plugin's own stops (hover, focus) are not it, and
  // its restarts (leaving the slides, the tab shown again, a breakpoint's re-init) must not undo it.
  const [paused, setPaused] = useState(false);
  const pausedRef = useRef(false);

  useEffect(() => {
    if (!embla) return;
    const sync = () => {
      setSelected(embla.selectedScrollSnap());
      setSnapCount(embla.scrollSnapList().length);
      setCanPlay(embla.scrollSnapList().length > 1 && !window.matchMedia(reducedMotion).matches);
    };
    // The plugin emits `autoplay:play` before its timer is set: stop it once the restart has run, while paused.
    const keepPaused = () => {
      if (pausedRef.current) queueMicrotask(() => embla.plugins().autoplay?.stop());
    };
    sync();
    embla.on('select', sync).on('reInit', sync).on('autoplay:play', keepPaused);
    return () => {
      embla.off('select', sync).off('reInit', sync).off('autoplay:play', keepPaused);
    };
  }, [embla]);

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);
  // The button shows the visitor's choice, not `isPlaying()`: the plugin emits `autoplay:stop` and `autoplay:play`
  // before it changes what `isPlaying()` answers, so a state read in those events kept saying the opposite.
  const togglePlay = useCallback(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    const pause = !pausedRef.current;
    pausedRef.current = pause;
    setPaused(pause);
    if (pause) autoplay.stop();
    else autoplay.play();
  }, [embla]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };

  return (
    <div
      className={`${styles.carousel} ${tone === 'dark' ? styles.dark : ''}`}
      data-visible={options.slidesVisible}
      data-visible-narrow={options.slidesVisibleNarrow}
    >
      {/* The viewport is the carousel: a labelled, focusable region, so keyboard users can move it with the arrow keys. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys scroll the region, as in a native scroll area */}
      <div
        className={styles.viewport}
        ref={viewportRef}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll area must be reachable by keyboard
        tabIndex={0}
        onKeyDown={onKeyDown}
        role="region"
        aria-roledescription="carousel"
        aria-label={label}
        aria-describedby={hintId}
      >
        <div className={styles.track}>
          {slides.map((slide, index) => (
            <div
              className={styles.slide}
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {/* Beside the viewport, not in it: embla takes the viewport's first child as its track. */}
      <span id={hintId} className="visually-hidden">
        Use the left and right arrow keys to move between slides.
      </span>
      {(options.arrows || options.dots || options.autoplay) && (
        // With autoplay the row keeps the Pause button's height from the server's markup on (the CSS, but not for
        // reduced motion, where no button is drawn): the button arriving moves nothing below the carousel.
        <div className={`${styles.controls} ${options.autoplay ? styles.autoplay : ''}`}>
          {/* Only once embla runs (not in the server's markup), so no press comes before the code that answers it. */}
          {options.autoplay && embla && canPlay && (
            <button type="button" className={styles.control} onClick={togglePlay} aria-pressed={paused}>
              {paused ? 'Play' : 'Pause'}
              <span className="visually-hidden"> {label}</span>
            </button>
          )}
          {options.arrows && (
            <>
              <button type="button" className={styles.control} onClick={previous} aria-label="Previous slide">
                <span aria-hidden="true">←</span>
              </button>
              <button type="button" className={styles.control} onClick={next} aria-label="Next slide">
                <span aria-hidden="true">→</span>
              </button>
            </>
          )}
          {options.dots && (
            <div className={styles.dots}>
              {Array.from({ length: snapCount }, (_, index) => (
                <button
                  type="button"
                  key={index}
                  className={styles.dot}
                  aria-label={`Go to slide ${index + 1}`}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => embla?.scrollTo(index)}
                />
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
