import { reelControlLabel, toggleReel } from './reel-playback.ts';

/**
 * The reel's Pause/Play button before the app starts: the page's first script answers it, and keeps its words in
 * step with the reel, until the section's control hydrates and takes over. Captured at the document, a click on the
 * control stops there, so the two never toggle the reel twice.
 */
const controlSelector = '[data-reel-control]';

const reelOf = (control: Element) => control.closest('section')?.querySelector('video') ?? null;
const controlOf = (video: Element) => video.closest('section')?.querySelector(controlSelector) ?? null;

/** Rewrites the control's words in its own text node, which hydration then finds where the server put it. */
function showState(video: HTMLVideoElement) {
  const text = controlOf(video)?.firstChild;
  const label = reelControlLabel(!video.paused);
  if (text?.nodeType === Node.TEXT_NODE && text.nodeValue !== label) text.nodeValue = label;
}

function onClick(event: MouseEvent) {
  const control = event.target instanceof Element ? event.target.closest(controlSelector) : null;
  const video = control && reelOf(control);
  if (!video) return;
  event.stopPropagation();
  toggleReel(video, !video.paused);
}

function onPlayback(event: Event) {
  if (event.target instanceof HTMLVideoElement) showState(event.target);
}

export function listenForEarlyVideoControl(): void {
  document.addEventListener('click', onClick, true);
  // Media events do not bubble: they reach the document in the capture phase only.
  document.addEventListener('play', onPlayback, true);
  document.addEventListener('pause', onPlayback, true);
  for (const control of document.querySelectorAll(controlSelector)) {
    const video = reelOf(control);
    if (video) showState(video);
  }
}

export function takeOverEarlyVideoControl(): void {
  document.removeEventListener('click', onClick, true);
  document.removeEventListener('play', onPlayback, true);
  document.removeEventListener('pause', onPlayback, true);
}
