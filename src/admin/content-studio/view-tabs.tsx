import { useEffect, useState, type KeyboardEvent } from 'react';
import styles from './studio.module.css';

export type StudioView = 'form' | 'preview';

const views: { id: StudioView; label: string }[] = [
  { id: 'form', label: 'Form' },
  { id: 'preview', label: 'Preview' },
];

export const viewTabId = (view: StudioView) => `studio-tab-${view}`;
export const viewPanelId = (view: StudioView) => `studio-panel-${view}`;

/** Below this width the form and the preview do not fit side by side, and are two tabs (studio.module.css). */
const narrowQuery = '(max-width: 1099px)';

/** Whether the window is narrower than the form and the preview side by side need. */
export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia?.(narrowQuery).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(narrowQuery);
    if (!query) return;
    const change = () => setNarrow(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return narrow;
}

/** Form and Preview as WAI-ARIA tabs, on a narrow window: arrow keys, Home and End move between them. */
export function ViewTabs({ selected, onSelect }: { selected: StudioView; onSelect: (view: StudioView) => void }) {
  // The tabs go to the top of the window, so that the view chosen fills the screen below them.
  const select = (view: StudioView) => {
    onSelect(view);
    document.getElementById(viewTabId(view))?.parentElement?.scrollIntoView?.({ block: 'start' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = views.findIndex((view) => view.id === selected);
    const next = { ArrowRight: 1 - index, ArrowLeft: 1 - index, Home: 0, End: 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(views[next]!.id);
    document.getElementById(viewTabId(views[next]!.id))?.focus();
  };
  return (
    <div role="tablist" aria-label="Form or preview" className={styles.viewTabs}>
      {views.map((view) => (
        <button
          key={view.id}
          type="button"
          role="tab"
          id={viewTabId(view.id)}
          aria-selected={view.id === selected}
          aria-controls={viewPanelId(view.id)}
          tabIndex={view.id === selected ? 0 : -1}
          className={styles.viewTab}
          onClick={() => select(view.id)}
          onKeyDown={onKeyDown}
        >
          {view.label}
        </button>
      ))}
    </div>
  );
}
