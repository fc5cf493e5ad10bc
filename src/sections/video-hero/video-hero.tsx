import { lazy, useRef } from 'react';
import type { SectionProps } from '../types.ts';
import styles from './video-hero.module.css';

const ReelControl = lazy(() => import('./reel-control.tsx').then(({ ReelControl }) => ({ default: ReelControl })));

/**
 * The portfolio's opening: a muted looping reel behind the page's h1, with a visible Pause/Play button (moving
 * content that lasts must be stoppable, WCAG 2.2.2). The reel's source carries a media query, so the browser
 * itself, before any script runs, leaves a visitor who asks for reduced motion with the still poster; pressing
 * Play loads the reel for them. The button's code loads with the section's hydration; before that, the page's
 * first script answers it.
 */
export function VideoHero({ section }: SectionProps<'video-hero'>) {
  const { eyebrow, heading, text, video } = section;
  const videoRef = useRef<HTMLVideoElement>(null);

  return (
    <section className={styles.hero}>
      <video
        ref={videoRef}
        className={styles.video}
        poster={video.poster}
        width={video.width}
        height={video.height}
        aria-label={video.label}
        autoPlay
        muted
        loop
        playsInline
        preload="metadata"
      >
        <source src={video.src} media="(prefers-reduced-motion: no-preference)" />
      </video>
      <div className={`container ${styles.copy}`}>
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{heading}</h1>
        {text && <p className={styles.text}>{text}</p>}
        <ReelControl video={videoRef} className={`button ${styles.control}`} />
      </div>
    </section>
  );
}
