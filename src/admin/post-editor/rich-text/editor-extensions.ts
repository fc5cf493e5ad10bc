import { Extension, type Editor, type Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { isAllowedHref, isAllowedImageSrc } from './safe-url.ts';

/** Images with an address the sanitiser keeps; others (file:, data:) are dropped when pasted. */
const SafeImage = Image.extend({
  parseHTML() {
    return [
      { tag: 'img[src]', getAttrs: (element) => (isAllowedImageSrc(element.getAttribute('src')) ? null : false) },
    ];
  },
});

/**
 * The editor's schema is the sanitiser's allowed set (p, h2–h4, strong, em, s, a, lists, blockquote, code, pre, hr,
 * img, br): anything else pasted or loaded is turned into these or dropped, so the server's sanitising is a no-op.
 */
export function editorExtensions(onLinkShortcut: (editor: Editor) => void): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        // No target or rel of our own: the sanitiser would rewrite them and saving would change the HTML.
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url) => isAllowedHref(url),
      },
    }),
    SafeImage,
    Extension.create({
      name: 'linkShortcut',
      addKeyboardShortcuts() {
        return {
          'Mod-k': ({ editor }) => {
            onLinkShortcut(editor);
            return true;
          },
        };
      },
    }),
  ];
}
