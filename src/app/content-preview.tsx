import { useEffect, useState } from 'react';
import type { PageDocument } from '@/content/types.gen.ts';
import { ContentPage } from '@/site/content-page.tsx';

/** The messages between the content studio and its preview frame, both on this origin. */
export const previewMessage = 'northbeam:preview';
export const previewReady = 'northbeam:preview-ready';

/**
 * /admin/content-preview, shown in the content studio's frame: the page the studio sends (its unsaved document),
 * rendered by the site's own page and section components with the site's stylesheet, away from the admin's styles.
 * It takes messages only from the window that frames it, on this origin, and fetches nothing itself.
 */
export function ContentPreview() {
  const [document, setDocument] = useState<PageDocument | null>(null);
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      const data = event.data as { type?: unknown; document?: PageDocument };
      if (data.type === previewMessage && typeof data.document === 'object') setDocument(data.document);
    };
    window.addEventListener('message', listen);
    if (window.parent !== window) window.parent.postMessage({ type: previewReady }, window.location.origin);
    return () => window.removeEventListener('message', listen);
  }, []);
  if (!document) return <p>The preview shows here once the page is open in the content studio.</p>;
  return (
    <main id="main" tabIndex={-1}>
      <ContentPage doc={document} meta={document} />
    </main>
  );
}
