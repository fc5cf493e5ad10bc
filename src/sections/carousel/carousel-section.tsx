import { lazy, use, type ReactNode } from 'react';
import { termSlug } from '@/domain/term-slug.ts';
import { nearView } from '@/ui/near-view.ts';
import { Picture } from '@/ui/picture.tsx';
import type { Slide } from '@/content/types.gen.ts';
import type { SectionProps } from '../types.ts';
import styles from './carousel-section.module.css';
import { SectionHeading } from '@/ui/section-heading.tsx';

/**
 * Loaded inside the section's Suspense boundary: the server waits for it and writes the slides; in the browser the
 * section keeps the server's markup (slides laid out by CSS) until it scrolls near view (`WhenNearView`), and only
 * then are the carousel's code (embla and its autoplay) fetched and the section hydrated.
 */
const Carousel = lazy(() => import('@/ui/carousel/carousel.tsx').then(({ Carousel }) => ({ default: Carousel })));

/** Suspends until the element with this id is near view (the same promise each time React retries), if it must wait. */
function WhenNearView({ id, children }: { id: string; children: ReactNode }) {
  const waiting = nearView(id);
  if (waiting) use(waiting);
  return children;
}

function SlideContent({ slide }: { slide: Slide }) {
  switch (slide.kind) {
    case 'card':
      return (
        <article className={styles.card}>
          {slide.image && <Picture image={slide.image} className={styles.cardImage} />}
          <h3>{slide.heading}</h3>
          <p>{slide.text}</p>
        </article>
      );
    case 'testimonial':
      return (
        <figure className={styles.testimonial}>
          <Picture image={slide.logo} className={styles.logo} />
          <blockquote className={styles.review}>
            <p>{slide.review}</p>
          </blockquote>
          <figcaption className={styles.source}>
            <strong>{slide.company}</strong>
            {slide.person && <span>{slide.person}</span>}
            <span className={styles.date}>{slide.date}</span>
          </figcaption>
        </figure>
      );
    case 'image':
      return (
        <figure className={styles.imageSlide}>
          <Picture image={slide.image} />
          {slide.caption && <figcaption>{slide.caption}</figcaption>}
        </figure>
      );
  }
}

export function CarouselSection({ section }: SectionProps<'carousel'>) {
  const { eyebrow, heading, intro, label, options, slides, tone = 'light' } = section;
  // From the carousel's label, unique on a page: the same in the server's markup and in the browser's render.
  const frameId = `carousel-${termSlug(label)}`;
  return (
    <section className={`section ${tone === 'dark' ? styles.dark : styles.light}`}>
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <SectionHeading heading={heading} intro={intro} />
        <div className={styles.frame} id={frameId}>
          <WhenNearView id={frameId}>
            <Carousel
              label={label}
              options={options}
              tone={tone}
              slides={slides.map((slide, index) => (
                <SlideContent key={index} slide={slide} />
              ))}
            />
          </WhenNearView>
        </div>
      </div>
    </section>
  );
}
