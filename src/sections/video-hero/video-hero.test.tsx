import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { site } from '@/content/site.ts';
import type { Section } from '@/content/types.gen.ts';
import { VideoHero } from './video-hero.tsx';

const section: Extract<Section, { type: 'video-hero' }> = {
  type: 'video-hero',
  heading: 'Our Work',
  video: { src: '/video/reel.mp4', poster: '/images/reel.webp', width: 1280, height: 720, label: 'Our showreel' },
};

function stubPlayback() {
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  return { play, pause };
}

afterEach(() => vi.restoreAllMocks());

/** The hero with its control, whose code loads on its own. */
async function renderHero() {
  const rendered = render(<VideoHero section={section} site={site} />);
  await screen.findByRole('button');
  return rendered;
}

describe('VideoHero', () => {
  it('offers the reel, muted and looping, only to visitors who do not ask for reduced motion', async () => {
    const { container } = await renderHero();
    const video = container.querySelector('video')!;
    expect([video.autoplay, video.muted, video.loop]).toEqual([true, true, true]);
    expect(video.getAttribute('poster')).toBe(section.video.poster);
    expect(video.hasAttribute('src')).toBe(false);
    const source = video.querySelector('source')!;
    expect(source.getAttribute('src')).toBe(section.video.src);
    expect(source.getAttribute('media')).toBe('(prefers-reduced-motion: no-preference)');
  });

  it('has a visible button that pauses the reel and plays it again', async () => {
    const { play, pause } = stubPlayback();
    const { container } = await renderHero();
    const video = container.querySelector('video')!;
    act(() => void video.dispatchEvent(new Event('play')));
    const button = screen.getByRole('button', { name: 'Pause video' });
    expect(button).toBeVisible();
    act(() => fireEvent.click(button));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play video' })).toBe(button);
    act(() => fireEvent.click(button));
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause video' })).toBe(button);
  });

  it('loads the reel on Play when no source matched (reduced motion)', async () => {
    const { play } = stubPlayback();
    const { container } = await renderHero();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Play video' })));
    expect(container.querySelector('video')!.getAttribute('src')).toBe(section.video.src);
    expect(play).toHaveBeenCalledTimes(1);
  });
});
