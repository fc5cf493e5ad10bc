import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getContentStatus } from '@/api/content-studio/get-content-status.ts';
import { contentQueryKey } from '@/api/content-studio/content-query-key.ts';

/** After this long without going live, the person is told it is late and where to look. */
const lateMs = 120_000;

/**
 * Whether a saved commit is live on the public site yet, asked of GET /api/content/status every two seconds until it
 * is: it is live once the site shows it or a later commit (it is no longer pending). Answers the seconds it took once
 * live, and whether it is late.
 */
export function useLiveAfter(commit: string, savedAt: number): { seconds: number | null; late: boolean } {
  const [late, setLate] = useState(false);
  const status = useQuery({
    queryKey: [...contentQueryKey, 'status', 'after', commit],
    queryFn: async ({ signal }) => {
      const now = await getContentStatus(signal);
      const live = now.live !== null && !now.pending.some((change) => change.commit === commit);
      return live ? Math.max(1, Math.round((Date.now() - savedAt) / 1000)) : null;
    },
    // Asked again until it is live; then the seconds it took stay as they were.
    refetchInterval: (query) => (typeof query.state.data === 'number' ? false : 2000),
  });
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), Math.max(0, lateMs - (Date.now() - savedAt)));
    return () => clearTimeout(timer);
  }, [savedAt]);
  return { seconds: typeof status.data === 'number' ? status.data : null, late };
}

const secondsText = (seconds: number) => (seconds === 1 ? '1 second' : `${seconds} seconds`);

/** The save's notice says it in a sentence, announced. */
export function LiveSignal({ commit, savedAt }: { commit: string; savedAt: number }) {
  const { seconds, late } = useLiveAfter(commit, savedAt);
  if (seconds !== null)
    return (
      <span role="status" data-live="true">
        <strong>Live:</strong> the public site shows it, {secondsText(seconds)} after the save.
      </span>
    );
  return (
    <span role="status">
      {late
        ? 'Not live yet after two minutes: the site is still being rebuilt, or the build failed. It stays saved in the history; ask a developer to look at the server’s log if it does not show soon.'
        : 'Going live: the public site shows it within about 30 seconds…'}
    </span>
  );
}

/** The save bar says it in a few words, where the person is (the notice may be scrolled away). */
export function LiveState({ commit, savedAt }: { commit: string; savedAt: number }) {
  const { seconds, late } = useLiveAfter(commit, savedAt);
  if (seconds !== null) return <>Saved · live after {secondsText(seconds)}</>;
  return <>{late ? 'Saved · not live yet' : 'Saved · going live…'}</>;
}
