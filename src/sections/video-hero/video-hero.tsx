import { useEffect, useRef, useState } from 'react';
import type { SectionProps } from '../types.ts';
import styles from './video-hero.module.css';

const reducedMotion = '(prefers-reduced-motion: reduce)';

/**
 * The portfolio's opening: a muted looping reel behind the page's h1, with a visible Pause/Play button (moving
 * content that lasts must be stoppable, WCAG 2.2.2). The reel starts from an effect, never by the autoplay
 * attribute, so a visitor who asks for reduced motion sees the still poster until they press Play.
 */
export function VideoHero({ section }: SectionProps<'video-hero'>) {
  const { eyebrow, heading, text, video } = section;
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!window.matchMedia(reducedMotion).matches) play(videoRef.current);
  }, []);

  const toggle = () => {
    const element = videoRef.current;
    if (!element) return;
    // The element's play and pause events keep `playing` true to what is on screen.
    if (playing) element.pause();
    else play(element);
  };

  return (
    <section className={styles.hero}>
      <video
        ref={videoRef}
        className={styles.video}
        src={video.src}
        poster={video.poster}
        width={video.width}
        height={video.height}
        aria-label={video.label}
        muted
        loop
        playsInline
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <div className={`container ${styles.copy}`}>
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{heading}</h1>
        {text && <p className={styles.text}>{text}</p>}
        <button type="button" className={`button ${styles.control}`} onClick={toggle}>
          {playing ? 'Pause video' : 'Play video'}
        </button>
      </div>
    </section>
  );
}

/** Starts the reel; a browser that refuses (a data saver, a policy) leaves the poster and the Play button. */
function play(element: HTMLVideoElement | null) {
  if (!element) return;
  element.muted = true;
  element.play()?.catch(() => undefined);
}
