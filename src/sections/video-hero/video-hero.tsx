import type { SectionProps } from '../types.ts';
import styles from './video-hero.module.css';

/** The portfolio's opening: a muted looping reel behind the page's h1. */
export function VideoHero({ section }: SectionProps<'video-hero'>) {
  const { eyebrow, heading, text, video } = section;
  return (
    <section className={styles.hero}>
      <video
        className={styles.video}
        src={video.src}
        poster={video.poster}
        width={video.width}
        height={video.height}
        aria-label={video.label}
        autoPlay
        muted
        loop
        playsInline
        preload="metadata"
      />
      <div className={`container ${styles.copy}`}>
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{heading}</h1>
        {text && <p className={styles.text}>{text}</p>}
      </div>
    </section>
  );
}
