import { useEffect, useRef, useState } from 'react';
import { forPreview } from './form/library-images.ts';
import styles from './studio.module.css';

const previewMessage = 'northbeam:preview';
const previewReady = 'northbeam:preview-ready';
const previewFocus = 'northbeam:preview-focus';
const widths = { phone: 375, desktop: 1280 } as const;
const delayMs = 300;

/** Asks the frame to scroll to a section of the page, by its index. */
function sendFocus(frame: HTMLIFrameElement | null, section: number | null) {
  if (section !== null) frame?.contentWindow?.postMessage({ type: previewFocus, section }, window.location.origin);
}

interface PreviewFrameProps {
  document: Record<string, unknown>;
  title: string;
  /** The section whose field has focus in the form: the preview scrolls to it. */
  section: number | null;
  /** Whether the preview is on screen (a tab of its own on a narrow window): a hidden frame cannot scroll. */
  shown: boolean;
}

/**
 * The live preview: /admin/content-preview in a frame, sent the unsaved document (debounced) by postMessage, at a
 * phone's or a desktop's width; a desktop page is scaled down to fit beside the form. It follows the form: the
 * section being edited is scrolled into view.
 */
export function PreviewFrame({ document, title, section, shown }: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [device, setDevice] = useState<keyof typeof widths>('desktop');
  const [room, setRoom] = useState<number>(widths.desktop);
  const latest = useRef(document);
  const focused = useRef(section);

  useEffect(() => {
    focused.current = section;
    // After the document's own message (debounced), so that a section just added exists in the frame.
    if (!shown) return;
    const timer = setTimeout(() => sendFocus(frame.current, section), delayMs + 50);
    return () => clearTimeout(timer);
  }, [section, shown, device]);

  useEffect(() => {
    latest.current = document;
    const timer = setTimeout(() => {
      frame.current?.contentWindow?.postMessage(
        { type: previewMessage, document: forPreview(document) },
        window.location.origin,
      );
    }, delayMs);
    return () => clearTimeout(timer);
  }, [document]);

  useEffect(() => {
    // The frame asks for the page once it has started; it is sent at once, without waiting for a keystroke.
    const listen = (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null;
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (data?.type === previewReady) {
        frame.current?.contentWindow?.postMessage(
          { type: previewMessage, document: forPreview(latest.current) },
          window.location.origin,
        );
        setTimeout(() => sendFocus(frame.current, focused.current), 50);
      }
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // A hidden preview (the Form tab) measures 0: it keeps the width it had.
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setRoom(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const width = widths[device];
  const scale = Math.min(1, room / width);
  // The frame's box is 700 px tall whatever the scale: a scaled desktop page shows more of itself in it.
  const boxHeight = 700;
  const height = Math.round(boxHeight / scale);
  return (
    <section className={styles.preview} aria-labelledby="preview-heading">
      <div className={styles.previewBar}>
        <h2 id="preview-heading">Preview</h2>
        <div role="group" aria-label="Preview width" className={styles.devices}>
          {(['phone', 'desktop'] as const).map((name) => (
            <button
              key={name}
              type="button"
              className="button button-secondary"
              aria-pressed={device === name}
              onClick={() => setDevice(name)}
            >
              {name === 'phone' ? 'Phone (375 px)' : 'Desktop (1280 px)'}
            </button>
          ))}
        </div>
      </div>
      <p className={styles.previewNote}>Unsaved changes show here as you type; visitors see them once saved.</p>
      <div ref={box} className={styles.previewBox} style={{ height: boxHeight }}>
        <iframe
          ref={frame}
          src="/admin/content-preview"
          title={`Preview of ${title}`}
          className={styles.frame}
          style={{ width, height, transform: `scale(${scale})` }}
        />
      </div>
    </section>
  );
}
