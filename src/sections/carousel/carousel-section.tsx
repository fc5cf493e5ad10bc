import { lazy } from 'react';
import { Picture } from '@/ui/picture.tsx';
import type { Slide } from '@/content/types.gen.ts';
import type { SectionProps } from '../types.ts';
import styles from './carousel-section.module.css';

/**
 * Loaded inside the section's Suspense boundary: the server waits for it and writes the slides; in the browser the
 * section keeps the server's markup until the carousel's code has arrived, then hydrates.
 */
const Carousel = lazy(() => import('@/ui/carousel/carousel.tsx').then(({ Carousel }) => ({ default: Carousel })));

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
  return (
    <section className={`section ${tone === 'dark' ? styles.dark : styles.light}`}>
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        {heading && <h2>{heading}</h2>}
        {intro && <p className="section-intro">{intro}</p>}
        <div className={styles.frame}>
          <Carousel
            label={label}
            options={options}
            tone={tone}
            slides={slides.map((slide, index) => (
              <SlideContent key={index} slide={slide} />
            ))}
          />
        </div>
      </div>
    </section>
  );
}
