import type { ComponentType } from 'react';
import type { LoaderFunction, LoaderFunctionArgs } from '@/ui/site-router/route.ts';
import type { Section } from '@/content/types.gen.ts';
import type { SectionComponents } from '@/sections/section-renderer.tsx';
import type { BlogSlot, BlogSlotType } from './blog-slot.ts';

type AnySlot = {
  Component: ComponentType<never>;
  loader?: (section: Section) => (args: LoaderFunctionArgs) => Promise<unknown>;
};

/**
 * Each slot is a chunk of its own, named as the build manifest names it: a page downloads its own slots only. `query`
 * names the address's query parameters the slot reads.
 */
const slots: {
  [K in BlogSlotType]: { module: string; load: () => Promise<{ slot: BlogSlot<K> }>; query: readonly string[] };
} = {
  'recent-articles': {
    module: 'src/blog/sections/recent-articles-slot.tsx',
    load: () => import('./recent-articles-slot.tsx'),
    query: [],
  },
  'post-list': {
    module: 'src/blog/sections/post-list-slot.tsx',
    load: () => import('./post-list-slot.tsx'),
    query: ['page', 'q'],
  },
};

const isBlogSlot = (type: string): type is BlogSlotType => Object.hasOwn(slots, type);

/** The source modules of the slots among a page's section types, for the server to link their styles. */
export function blogSlotModules(types: readonly string[]): string[] {
  return types.filter(isBlogSlot).map((type) => slots[type].module);
}

/** The query parameters the slots among a page's section types read, each once. */
export function blogSlotQuery(types: readonly string[]): string[] {
  return [...new Set(types.filter(isBlogSlot).flatMap((type) => slots[type].query))];
}

export interface PageSlots {
  components: Partial<SectionComponents>;
  /** One loader for the slots among these sections that fetch with the route, its data keyed by section type. */
  loaderFor: (sections: Section[]) => LoaderFunction | undefined;
}

/** Loads the slots among a page's section types; `load` is the app's chunk loader, which reports failed downloads. */
export async function loadBlogSlots(
  types: readonly string[],
  load: <T>(chunk: string, importer: () => Promise<T>) => Promise<T>,
): Promise<PageSlots> {
  const loaded = await Promise.all(
    types.filter(isBlogSlot).map(async (type) => {
      const importer = slots[type].load as () => Promise<{ slot: unknown }>;
      return { type, slot: (await load(type, importer)).slot as AnySlot };
    }),
  );
  return {
    components: Object.fromEntries(loaded.map(({ type, slot }) => [type, slot.Component])),
    loaderFor(sections) {
      const fetchers = loaded.flatMap(({ type, slot }) => {
        const section = sections.find((candidate) => candidate.type === type);
        return slot.loader && section ? [[type, slot.loader(section)] as const] : [];
      });
      if (fetchers.length === 0) return undefined;
      return async (args) =>
        Object.fromEntries(await Promise.all(fetchers.map(async ([type, fetch]) => [type, await fetch(args)])));
    },
  };
}
