/** The control's words for the reel as it is now. */
export function reelControlLabel(playing: boolean): string {
  return playing ? 'Pause video' : 'Play video';
}

/** Pauses the reel, or plays it: when no source matched its media query (reduced motion), the visitor asks for it now. */
export function toggleReel(video: HTMLVideoElement, playing: boolean): void {
  if (playing) {
    video.pause();
    return;
  }
  const src = video.querySelector('source')?.getAttribute('src');
  if (!video.currentSrc && src) video.src = src;
  video.play()?.catch(() => undefined);
}
