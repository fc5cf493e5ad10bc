import { useEffect, useRef, useState } from 'react';
import type { SectionProps } from '../types.ts';
import styles from './video-hero.module.css';

/**
 * The portfolio's opening: a muted looping reel behind the page's h1, with a visible Pause/Play button (moving
 * content that lasts must be stoppable, WCAG 2.2.2). The reel's source carries a media query, so the browser
 * itself, before any script runs, leaves a visitor who asks for reduced motion with the still poster; pressing
 * Play loads the reel for them.
 */
export function VideoHero({ section }: SectionProps<'video-hero'>) {
  const { eyebrow, heading, text, video } = section;
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  // The reel may have started before the app did: show the button that matches what is on screen.
  useEffect(() => setPlaying(videoRef.current ? !videoRef.current.paused : false), []);

  const toggle = () => {
    const element = videoRef.current;
    if (!element) return;
    if (playing) {
      element.pause();
      return;
    }
    // No source matched the media query (reduced motion): the visitor asks for the reel now.
    if (!element.currentSrc) element.src = video.src;
    element.play()?.catch(() => undefined);
  };

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
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        <source src={video.src} media="(prefers-reduced-motion: no-preference)" />
      </video>
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
