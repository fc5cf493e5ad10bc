import type { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';

/**
 * Moves the cursor from a just-inserted image into the paragraph after it, made when there is none: an image left
 * selected is replaced by the next key press, and a post went out without its picture.
 */
export function placeCursorAfterImage(editor: Editor): void {
  const { state } = editor;
  const { selection } = state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return;
  const after = selection.to;
  const transaction = state.tr;
  if (!state.doc.resolve(after).nodeAfter?.isTextblock) {
    transaction.insert(after, state.schema.nodes.paragraph!.create());
  }
  transaction.setSelection(TextSelection.create(transaction.doc, after + 1)).scrollIntoView();
  editor.view.dispatch(transaction);
}
