import { useEffect, useState } from 'react';

type Message = { type: 'hello' | 'here' | 'bye'; tab: string };

/**
 * Whether another tab of this browser has the same post open, told over a BroadcastChannel; false where the
 * browser (or the test environment) has none.
 */
export function useOtherTab(key: string | null): boolean {
  const [others, setOthers] = useState<string[]>([]);
  useEffect(() => {
    if (key === null || typeof BroadcastChannel === 'undefined') return;
    const tab = Math.random().toString(36).slice(2);
    const channel = new BroadcastChannel(`northbeam.admin.editing:${key}`);
    channel.onmessage = (event: MessageEvent<Message>) => {
      const { type, tab: other } = event.data;
      if (other === tab) return;
      if (type === 'bye') setOthers((list) => list.filter((id) => id !== other));
      else setOthers((list) => (list.includes(other) ? list : [...list, other]));
      if (type === 'hello') channel.postMessage({ type: 'here', tab } satisfies Message);
    };
    const hello = () => channel.postMessage({ type: 'hello', tab } satisfies Message);
    const bye = () => channel.postMessage({ type: 'bye', tab } satisfies Message);
    // Closing or reloading the tab unmounts nothing: without this the other tab would be warned forever.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) hello();
    };
    window.addEventListener('pagehide', bye);
    window.addEventListener('pageshow', onPageShow);
    hello();
    return () => {
      window.removeEventListener('pagehide', bye);
      window.removeEventListener('pageshow', onPageShow);
      bye();
      channel.close();
    };
  }, [key]);
  return others.length > 0;
}
