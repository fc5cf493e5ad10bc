/** An unsaved edit of a content document, kept in this tab (sessionStorage) so that it survives a reload. */
export interface ContentDraft {
  document: Record<string, unknown>;
  /** The version the edit started from: saving sends it as If-Match. */
  basedOn: string;
  savedAt: string;
}

const key = (id: string) => `northbeam.admin.content-draft:${id}`;

export function readContentDraft(id: string): ContentDraft | null {
  try {
    const draft = JSON.parse(sessionStorage.getItem(key(id)) ?? 'null') as ContentDraft | null;
    if (!draft || typeof draft.document !== 'object' || typeof draft.basedOn !== 'string') return null;
    return draft;
  } catch {
    return null;
  }
}

/** Keeps the draft; storage can be full or forbidden, and saving to the server still works then. */
export function keepContentDraft(id: string, draft: ContentDraft): void {
  try {
    sessionStorage.setItem(key(id), JSON.stringify(draft));
  } catch {
    // Not kept in this browser.
  }
}

export function dropContentDraft(id: string): void {
  try {
    sessionStorage.removeItem(key(id));
  } catch {
    // Nothing was stored.
  }
}
