import { Children, isValidElement, useLayoutEffect, useState, type ReactNode } from 'react';
import { clearHeadElements, setHeadElements, type HeadElement } from './head-elements.ts';

interface DocumentHeadProps {
  /** `<title>`, `<meta>` and `<link>` elements, written as they should appear in the head. */
  children: ReactNode;
}

const attributeNames: Record<string, string> = { charSet: 'charset', httpEquiv: 'http-equiv', className: 'class' };

function describe(children: ReactNode): HeadElement[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement<Record<string, unknown>>(child)) return [];
    const { type, props } = child;
    if (type !== 'title' && type !== 'meta' && type !== 'link') return [];
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(props)) {
      if (name === 'children' || value === undefined || value === null || value === false) continue;
      attributes[attributeNames[name] ?? name] = value === true ? '' : String(value);
    }
    const text = type === 'title' ? Children.toArray(props.children as ReactNode).join('') : undefined;
    return [{ tag: type, attributes, text }];
  });
}

/**
 * The server renders the elements where they stand: React lifts them out of the markup and the renderer writes
 * them into the head.
 */
function ServerHead({ children }: DocumentHeadProps) {
  return children;
}

/**
 * The browser writes them into document.head itself, updating the server's elements in place and replacing them on
 * every navigation: the runtime in the browser (Preact) does not lift head elements out of the page as React does,
 * and rendering nothing here keeps hydration matching the server's markup, which has them in the head.
 */
function BrowserHead({ children }: DocumentHeadProps) {
  const [owner] = useState(() => ({}));
  const wanted = JSON.stringify(describe(children));
  useLayoutEffect(() => setHeadElements(owner, JSON.parse(wanted) as HeadElement[]), [owner, wanted]);
  useLayoutEffect(() => () => clearHeadElements(owner), [owner]);
  return null;
}

/** A page's title, meta and link elements, in the document's head wherever the page renders them. */
export const DocumentHead = import.meta.env.SSR ? ServerHead : BrowserHead;
