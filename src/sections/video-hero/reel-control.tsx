import { useLayoutEffect, useState, type RefObject } from 'react';
import { takeOverEarlyVideoControl } from './early-video-control.ts';
import { reelControlLabel, toggleReel } from './reel-playback.ts';

interface ReelControlProps {
  video: RefObject<HTMLVideoElement | null>;
  className: string;
}

/**
 * The reel's Pause/Play button once the app runs. Its words may have changed before (the page's first script keeps
 * them in step with the reel), so they are not held against the server's; the first commit reads the reel itself.
 */
export function ReelControl({ video, className }: ReelControlProps) {
  const [playing, setPlaying] = useState(false);

  useLayoutEffect(() => {
    const element = video.current;
    if (!element) return;
    takeOverEarlyVideoControl();
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onPause);
    // The reel may have started, or been paused, before the app did.
    if (!element.paused) onPlay();
    return () => {
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onPause);
    };
  }, [video]);

  return (
    <button
      type="button"
      className={className}
      data-reel-control
      onClick={() => video.current && toggleReel(video.current, playing)}
      suppressHydrationWarning
    >
      {reelControlLabel(playing)}
    </button>
  );
}
