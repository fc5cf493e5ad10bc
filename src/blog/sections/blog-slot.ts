import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from '@/ui/site-router/route.ts';
import type { SectionOf, SectionProps } from '@/sections/types.ts';

/** The section types the blog fills with posts from the API. */
export type BlogSlotType = 'recent-articles' | 'post-list';

/** What a slot module exports as `slot`: the section's component, and its loader when it fetches with the route. */
export interface BlogSlot<K extends BlogSlotType> {
  Component: ComponentType<SectionProps<K>>;
  /** Fetches the section's posts with its route: on the server, and on client-side navigation to the page. */
  loader?: (section: SectionOf<K>) => (args: LoaderFunctionArgs) => Promise<unknown>;
}
