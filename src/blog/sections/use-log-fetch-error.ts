import { useEffect } from 'react';

/** The specification's console message for a failed blog fetch, logged once per failure. */
export function useLogFetchError(error: Error | null) {
  useEffect(() => {
    if (error) console.error('Error fetching blogs', error);
  }, [error]);
}
