import type { KeyboardEvent } from 'react';
import styles from './post-form.module.css';

export type EditorTab = 'write' | 'preview';

const tabs: { id: EditorTab; label: string }[] = [
  { id: 'write', label: 'Write' },
  { id: 'preview', label: 'Preview' },
];

export const tabId = (tab: EditorTab) => `editor-tab-${tab}`;
export const panelId = (tab: EditorTab) => `editor-panel-${tab}`;

interface EditorTabsProps {
  selected: EditorTab;
  onSelect: (tab: EditorTab) => void;
}

/** Write and Preview, as WAI-ARIA tabs: arrow keys, Home and End move between them. */
export function EditorTabs({ selected, onSelect }: EditorTabsProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(tabs[next]!.id);
    document.getElementById(tabId(tabs[next]!.id))?.focus();
  };
  return (
    <div role="tablist" aria-label="Editor view" className={styles.tabs}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={tabId(tab.id)}
          aria-selected={tab.id === selected}
          aria-controls={panelId(tab.id)}
          tabIndex={tab.id === selected ? 0 : -1}
          className={styles.tab}
          onClick={() => onSelect(tab.id)}
          onKeyDown={onKeyDown}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
