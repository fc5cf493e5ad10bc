import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Section } from '@/content/types.gen.ts';
import { site } from '@/content/site.ts';
import { VideoHero } from './video-hero.tsx';

const section: Extract<Section, { type: 'video-hero' }> = {
  type: 'video-hero',
  heading: 'Our Work',
  video: { src: '/media/reel.mp4', poster: '/images/reel.webp', width: 1280, height: 720, label: 'Our showreel' },
};

function stubMedia(reduceMotion: boolean) {
  const matchMedia = vi.fn((query: string) => ({
    matches: reduceMotion && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  vi.stubGlobal('matchMedia', matchMedia);
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  return { play, pause };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('VideoHero', () => {
  it('plays the muted reel and offers a visible button that pauses it and plays it again', async () => {
    const { play, pause } = stubMedia(false);
    render(<VideoHero section={section} site={site} />);
    expect(play).toHaveBeenCalledTimes(1);
    const button = await screen.findByRole('button', { name: 'Pause video' });
    act(() => fireEvent.click(button));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play video' })).toBe(button);
    act(() => fireEvent.click(button));
    expect(play).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeVisible();
  });

  it('keeps the still poster for a visitor who asks for reduced motion, until they press Play', () => {
    const { play } = stubMedia(true);
    const { container } = render(<VideoHero section={section} site={site} />);
    const video = container.querySelector('video')!;
    expect(video.autoplay).toBe(false);
    expect(video.getAttribute('poster')).toBe(section.video.poster);
    expect(play).not.toHaveBeenCalled();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Play video' })));
    expect(play).toHaveBeenCalledTimes(1);
  });
});
