import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { MediaPickerDialog, type PickedImage } from '../../media/media-picker-dialog.tsx';
import { cleanPastedHtml } from './clean-paste.ts';
import { EditorToolbar } from './editor-toolbar.tsx';
import { editorExtensions } from './editor-extensions.ts';
import { LinkDialog } from './link-dialog.tsx';
import { placeCursorAfterImage } from './place-cursor-after-image.ts';
import './prosemirror-base.css';
import styles from './rich-text.module.css';

interface RichTextEditorProps {
  id: string;
  /** The id of the label that names the editing area. */
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * The post's HTML, edited as formatted text. The stored HTML is kept as it is until the writer changes something:
 * the editor's own serialisation may differ in spelling (attribute order, entities), and saving an untouched post
 * must not change it.
 */
export function RichTextEditor({ id, labelId, value, onChange, describedBy, invalid }: RichTextEditorProps) {
  const [linkHref, setLinkHref] = useState<string | null>(null);
  const [pickingImage, setPickingImage] = useState(false);
  const stored = useRef(value);
  const baseline = useRef<string | null>(null);
  const lastSent = useRef(value);

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // Made once: TipTap compares options on every render and would reconfigure the editor for a new object.
  const [options] = useState(() => ({
    extensions: editorExtensions((current: Editor) =>
      setLinkHref((current.getAttributes('link').href as string | undefined) ?? ''),
    ),
    content: value,
    injectCSS: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: styles.content!,
      },
      transformPastedHTML: cleanPastedHtml,
    },
    onCreate: ({ editor: created }: { editor: Editor }) => {
      baseline.current = created.getHTML();
    },
    onUpdate: ({ editor: changed }: { editor: Editor }) => {
      const html = changed.isEmpty ? '' : changed.getHTML();
      const next = html === baseline.current ? stored.current : html;
      lastSent.current = next;
      onChangeRef.current(next);
    },
  }));
  const editor = useEditor(options, []);
  const openLink = (current: Editor) => setLinkHref((current.getAttributes('link').href as string | undefined) ?? '');

  // Content replaced from outside (a restored draft, the latest version loaded): it becomes the new starting point.
  // Checked as the render commits: an effect run later (after paint, for an update that came from ProseMirror's own
  // observer rather than a key event) would compare an older render's value with newer typing, take it for outside
  // content and drop keystrokes.
  useLayoutEffect(() => {
    if (!editor || value === lastSent.current) return;
    stored.current = value;
    lastSent.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
    baseline.current = editor.getHTML();
  }, [editor, value]);

  useEffect(() => {
    if (!editor) return;
    const attributes = { 'aria-describedby': describedBy ?? '', 'aria-invalid': invalid ? 'true' : 'false' };
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: { ...editor.options.editorProps.attributes, ...attributes },
      },
    });
  }, [editor, describedBy, invalid]);

  if (!editor) return null;

  const applyLink = (href: string) => {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    setLinkHref(null);
  };

  const insertImage = (image: PickedImage) => {
    // The modal picker goes first: as it goes, the browser hands focus back to the button that opened it, which
    // would otherwise take the cursor from the editor after the image is in.
    flushSync(() => setPickingImage(false));
    editor.chain().focus().setImage(image).run();
    placeCursorAfterImage(editor);
  };

  return (
    <div className={styles.editor} data-invalid={invalid ? true : undefined}>
      <EditorToolbar
        editor={editor}
        controls={id}
        onLink={() => openLink(editor)}
        onImage={() => setPickingImage(true)}
      />
      <EditorContent editor={editor} />
      {linkHref !== null && (
        <LinkDialog
          initialHref={linkHref}
          onApply={applyLink}
          onRemove={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            setLinkHref(null);
          }}
          onClose={() => {
            setLinkHref(null);
            editor.commands.focus();
          }}
        />
      )}
      {pickingImage && (
        <MediaPickerDialog
          purpose="Insert an image"
          onPick={insertImage}
          onClose={() => {
            setPickingImage(false);
            editor.commands.focus();
          }}
        />
      )}
    </div>
  );
}
