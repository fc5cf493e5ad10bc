import { createContext, use, type ReactElement } from 'react';

/**
 * What the server's render gives `RenderedOnce`: the markup of each part rendered so far in this build, and the parts
 * a page asked for that have none yet, which the server renders after the page (not inside its render) and keeps.
 * Null in the browser, which renders every part itself.
 */
export interface RenderedParts {
  markup: Map<string, string>;
  wanted: Map<string, ReactElement>;
}

export const RenderedPartsContext = createContext<RenderedParts | null>(null);

/** The stand-in the server's render writes for a part, which it replaces with the part's markup. */
export const partMarker = (name: string): string => `<template data-rendered-once="${name}"></template>`;

/**
 * A part of every page that depends on nothing of the page (the footer): the server renders it once per build and
 * puts the same markup into each page it renders, byte for byte what rendering it in place would write; the browser
 * renders and hydrates it as any other part. Its markup must not depend on the route, the router or an id of
 * `useId`, and its root must be one element.
 */
export function RenderedOnce({ name, children }: { name: string; children: ReactElement }) {
  const parts = use(RenderedPartsContext);
  if (parts === null) return children;
  if (!parts.markup.has(name)) parts.wanted.set(name, children);
  return <template data-rendered-once={name} />;
}
