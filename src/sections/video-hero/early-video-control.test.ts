import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForEarlyVideoControl, takeOverEarlyVideoControl } from './early-video-control.ts';

/** The server's markup of the hero: the reel and its control, as they are before the app starts. */
function serverHero() {
  document.body.innerHTML = `
    <section>
      <video autoplay muted loop><source src="/video/reel.mp4" media="(prefers-reduced-motion: no-preference)"></video>
      <button type="button" data-reel-control>Play video</button>
    </section>`;
  const video = document.querySelector('video')!;
  let paused = true;
  Object.defineProperty(video, 'paused', { get: () => paused });
  const play = vi.spyOn(video, 'play').mockImplementation(() => {
    paused = false;
    video.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(video, 'pause').mockImplementation(() => {
    paused = true;
    video.dispatchEvent(new Event('pause'));
  });
  return { video, button: document.querySelector('button')!, play, pause };
}

afterEach(() => {
  takeOverEarlyVideoControl();
  document.body.innerHTML = '';
});

describe('the reel control before the app starts', () => {
  it('names what the reel is doing as it starts and stops, and pauses or plays it on a click', () => {
    const { video, button, play, pause } = serverHero();
    listenForEarlyVideoControl();
    void video.play();
    expect(button.textContent).toBe('Pause video');

    button.click();
    expect(pause).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe('Play video');
    button.click();
    expect(play).toHaveBeenCalledTimes(2);
    expect(button.textContent).toBe('Pause video');
  });

  it('keeps a click on the control from the page, and leaves it alone once the app has taken over', () => {
    const { button, play } = serverHero();
    const reachedPage = vi.fn();
    document.addEventListener('click', reachedPage);
    listenForEarlyVideoControl();
    button.click();
    expect(play).toHaveBeenCalledTimes(1);
    expect(reachedPage).not.toHaveBeenCalled();

    takeOverEarlyVideoControl();
    button.click();
    expect(play).toHaveBeenCalledTimes(1);
    expect(reachedPage).toHaveBeenCalledTimes(1);
    document.removeEventListener('click', reachedPage);
  });
});
