import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getContentStatus } from '@/api/content-studio/get-content-status.ts';
import { contentQueryKey } from '@/api/content-studio/content-query-key.ts';

/** After this long without going live, the person is told it is late and where to look. */
const lateMs = 120_000;

/**
 * Whether a saved commit is live on the public site yet, asked of GET /api/content/status every two seconds until it
 * is: it is live once the site shows it or a later commit (it is no longer pending).
 */
export function LiveSignal({ commit, savedAt }: { commit: string; savedAt: number }) {
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
  const seconds = status.data;
  if (typeof seconds === 'number')
    return (
      <span role="status" data-live="true">
        <strong>Live:</strong> the public site shows it, {seconds === 1 ? '1 second' : `${seconds} seconds`} after the
        save.
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
