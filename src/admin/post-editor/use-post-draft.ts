import { useEffect, useState, useSyncExternalStore } from 'react';
import { emptyPostValues, type PostFormValues } from './post-form-values.ts';

/** An unsaved edit kept in this browser, and the version of the post it started from. */
export interface StoredDraft {
  values: PostFormValues;
  savedAt: string;
  basedOn?: string;
}

const keyPrefix = 'northbeam.admin.post-draft:';
const autosaveDelayMs = 400;

function sameValues(a: PostFormValues, b: PostFormValues): boolean {
  return (Object.keys(a) as (keyof PostFormValues)[]).every((field) => a[field] === b[field]);
}

function readDraft(storageKey: string): StoredDraft | null {
  try {
    const draft = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as StoredDraft | null;
    if (!draft || typeof draft.values !== 'object' || typeof draft.savedAt !== 'string') return null;
    // A draft kept before the editor had some fields gets them empty.
    return { ...draft, values: { ...emptyPostValues, ...draft.values } };
  } catch {
    return null;
  }
}

/**
 * Kept per tab (sessionStorage), so that two tabs never overwrite each other's draft; it survives a reload.
 * The draft found when the editor opened, until the admin answers the offer to restore it; then autosaving
 * takes over the same storage key. Storage can be full or forbidden: the editor then works without a draft.
 */
function createDraftStore(storageKey: string) {
  let offered: StoredDraft | null | undefined;
  let closed = false;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot() {
      // Read once: after the admin answers, null means "nothing to offer", not "not read yet".
      if (offered === undefined) offered = readDraft(storageKey);
      return offered;
    },
    getServerSnapshot: () => null,
    answer() {
      offered = null;
      listeners.forEach((listener) => listener());
    },
    save(draft: StoredDraft, initialValues: PostFormValues) {
      if (closed) return;
      try {
        if (sameValues(draft.values, initialValues)) sessionStorage.removeItem(storageKey);
        else sessionStorage.setItem(storageKey, JSON.stringify(draft));
      } catch {
        // Not kept in this browser; saving to the server still works.
      }
    },
    /** After a successful save: the draft is gone, and no pending autosave may bring it back. */
    close() {
      closed = true;
      try {
        sessionStorage.removeItem(storageKey);
      } catch {
        // Nothing was stored.
      }
    },
  };
}

export function usePostDraft(key: string, values: PostFormValues, initialValues: PostFormValues, basedOn?: string) {
  const [store] = useState(() => createDraftStore(keyPrefix + key));
  const stored = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  const offer = stored && !sameValues(stored.values, initialValues) ? stored : null;

  useEffect(() => {
    // While the restore question is open, the old draft must not be overwritten.
    if (offer) return;
    const timer = setTimeout(
      () => store.save({ values, savedAt: new Date().toISOString(), basedOn }, initialValues),
      autosaveDelayMs,
    );
    return () => clearTimeout(timer);
  }, [offer, store, values, initialValues, basedOn]);

  return { offer, answer: store.answer, close: store.close };
}
