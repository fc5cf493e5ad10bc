import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './rich-text.module.css';

interface ToolbarButton {
  label: string;
  /** Shown in the button; the label is its accessible name. */
  glyph: ReactNode;
  shortcut?: string;
  /** Toggles have aria-pressed; actions (link, image, undo, redo) do not, or only when they apply. */
  active?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

interface EditorToolbarProps {
  editor: Editor;
  onLink: () => void;
  onImage: () => void;
  /** The editing area's id, which the toolbar controls. */
  controls: string;
}

/** Drawn, not typed: emoji such as 🔗 and 🖼 are missing from many systems' fonts and show as empty boxes. */
function drawnGlyph(path: string) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const linkGlyph = drawnGlyph(
  'M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1',
);
const imageGlyph = drawnGlyph('M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15.5 9.5h.01');

function toolbarButtons(onLink: () => void, onImage: () => void): ToolbarButton[] {
  return [
    {
      label: 'Bold',
      glyph: 'B',
      shortcut: 'Control+B',
      active: (e) => e.isActive('bold'),
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      label: 'Italic',
      glyph: 'I',
      shortcut: 'Control+I',
      active: (e) => e.isActive('italic'),
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      label: 'Heading 2',
      glyph: 'H2',
      active: (e) => e.isActive('heading', { level: 2 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Heading 3',
      glyph: 'H3',
      active: (e) => e.isActive('heading', { level: 3 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      label: 'Bulleted list',
      glyph: '•≡',
      active: (e) => e.isActive('bulletList'),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      glyph: '1≡',
      active: (e) => e.isActive('orderedList'),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    {
      label: 'Quote',
      glyph: '❝',
      active: (e) => e.isActive('blockquote'),
      run: (e) => e.chain().focus().toggleBlockquote().run(),
    },
    { label: 'Link', glyph: linkGlyph, shortcut: 'Control+K', active: (e) => e.isActive('link'), run: onLink },
    { label: 'Image', glyph: imageGlyph, run: onImage },
    {
      label: 'Undo',
      glyph: '↶',
      shortcut: 'Control+Z',
      enabled: (e) => e.can().undo(),
      run: (e) => e.chain().focus().undo().run(),
    },
    {
      label: 'Redo',
      glyph: '↷',
      shortcut: 'Control+Shift+Z',
      enabled: (e) => e.can().redo(),
      run: (e) => e.chain().focus().redo().run(),
    },
  ];
}

/** The formatting toolbar: one Tab stop, arrow keys (and Home, End) move between its buttons (WAI-ARIA toolbar). */
export function EditorToolbar({ editor, onLink, onImage, controls }: EditorToolbarProps) {
  const buttons = toolbarButtons(onLink, onImage);
  const [focusIndex, setFocusIndex] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      buttons.map((button) => ({
        active: button.active?.(current) ?? false,
        enabled: button.enabled?.(current) ?? true,
      })),
    equalityFn: (a, b) =>
      a.every((item, index) => item.active === b?.[index]?.active && item.enabled === b?.[index]?.enabled),
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = buttons.length - 1;
    const next = {
      ArrowRight: focusIndex === last ? 0 : focusIndex + 1,
      ArrowLeft: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setFocusIndex(next);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      className={styles.toolbar}
      onKeyDown={onKeyDown}
    >
      {buttons.map((button, index) => {
        const { active, enabled } = state[index]!;
        return (
          <button
            key={button.label}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            className={styles.toolButton}
            tabIndex={index === focusIndex ? 0 : -1}
            aria-pressed={button.active ? active : undefined}
            // aria-disabled rather than disabled: the button stays reachable in the toolbar's arrow-key order.
            aria-disabled={enabled ? undefined : true}
            aria-keyshortcuts={button.shortcut}
            title={button.shortcut ? `${button.label} (${button.shortcut.replace('Control', 'Ctrl')})` : button.label}
            onFocus={() => setFocusIndex(index)}
            onClick={() => {
              if (enabled) button.run(editor);
            }}
          >
            <span aria-hidden="true" className={styles.glyph}>
              {button.glyph}
            </span>
            <span className="visually-hidden">{button.label}</span>
          </button>
        );
      })}
    </div>
  );
}
