import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, networkErrorMessage } from '@/api/api-client.ts';
import type { PostFormValues } from './post-form-values.ts';

export type AutosaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; why: string };

export const autosaveDelayMs = 3000;

function sameValues(a: PostFormValues, b: PostFormValues): boolean {
  return (Object.keys(a) as (keyof PostFormValues)[]).every((field) => a[field] === b[field]);
}

function reasonOf(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : 'something unexpected went wrong.';
  if (error.status === 0) return networkErrorMessage;
  if (error.status === 401) return 'you were signed out. Sign in again; your text is kept here.';
  return error.message;
}

interface AutosaveOptions {
  /** Only a stored draft that stays a draft is saved by itself. */
  enabled: boolean;
  values: PostFormValues;
  /** Saves the values with reason=autosave; refuses with an Error whose message says why. */
  save: (values: PostFormValues) => Promise<void>;
}

/** Saves the form a few seconds after typing stops, and at once when the tab is hidden. */
export function useAutosave({ enabled, values, save }: AutosaveOptions) {
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const lastSaved = useRef(values);
  const latest = useRef(values);
  const enabledRef = useRef(enabled);
  const saveRef = useRef(save);
  const inFlight = useRef<Promise<void> | null>(null);
  latest.current = values;
  enabledRef.current = enabled;
  saveRef.current = save;

  const flush = useCallback(async () => {
    const current = latest.current;
    if (!enabledRef.current || inFlight.current || sameValues(current, lastSaved.current)) return;
    setState({ kind: 'saving' });
    inFlight.current = saveRef.current(current).then(
      () => {
        lastSaved.current = current;
        setState({ kind: 'saved', at: new Date() });
      },
      (error: unknown) => setState({ kind: 'failed', why: reasonOf(error) }),
    );
    await inFlight.current;
    inFlight.current = null;
  }, []);

  /** Waits for an autosave under way, so that Save starts from the version it makes. */
  const settle = useCallback(async () => {
    await inFlight.current;
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => void flush(), autosaveDelayMs);
    return () => clearTimeout(timer);
  }, [enabled, values, flush]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [flush]);

  return { state, settle };
}
