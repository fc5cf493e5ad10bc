import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { PageDocument } from '../../src/content/types.gen.ts';
import { sitePath } from '../../src/domain/traffic-source.ts';
import { repositoryRoot } from '../repository-root.ts';
import type { Database } from '../store/schema.ts';

/** The one key of every path the site does not have: a mistyped address, a probe, a page since removed. */
export const otherPath = '(other)';

const pageFolders = ['pages', 'services', 'articles', 'legal'];
const keysPerQuery = 500;

/** Every route of the content pages (their own and their `alsoAt` ones), read from the documents in content/. */
export function readContentRoutes(contentDir = join(repositoryRoot, 'content')): Set<string> {
  const routes = new Set<string>();
  for (const folder of pageFolders) {
    for (const name of readdirSync(join(contentDir, folder)).filter((file) => file.endsWith('.json'))) {
      const page = JSON.parse(readFileSync(join(contentDir, folder, name), 'utf8')) as PageDocument;
      routes.add(page.route);
      for (const alias of page.alsoAt ?? []) routes.add(alias.route);
    }
  }
  return routes;
}

type Named = { kind: 'post' | 'tag' | 'category' | 'author'; name: string };

function named(path: string): Named | undefined {
  const match = /^\/blogs\/([^/]+)$/.exec(path) ?? /^\/blog\/(tag|category|author)\/([^/]+)$/.exec(path);
  if (!match) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(match.at(-1)!);
  } catch {
    return undefined;
  }
  return { kind: match.length === 2 ? 'post' : (match[1] as Named['kind']), name };
}

async function inChunks(names: string[], read: (chunk: string[]) => Promise<string[]>): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < names.length; start += keysPerQuery) {
    for (const name of await read(names.slice(start, start + keysPerQuery))) found.add(name);
  }
  return found;
}

/** Which of the names are public now: posts' slugs, archives' term names, authors' page names. */
async function publicNames(db: Kysely<Database>, kind: Named['kind'], names: string[], now: string) {
  if (names.length === 0) return new Set<string>();
  return inChunks(names, async (chunk) => {
    if (kind === 'post') {
      const rows = await db
        .selectFrom('posts')
        .select('slug as name')
        .where('status', '=', 'published')
        .where('published_at', '<=', now)
        .where('slug', 'in', chunk)
        .execute();
      return rows.map((row) => row.name);
    }
    if (kind === 'author') {
      const rows = await db
        .selectFrom('users')
        .innerJoin('posts', 'posts.author_id', 'users.id')
        .select('users.slug as name')
        .distinct()
        .where('posts.status', '=', 'published')
        .where('posts.published_at', '<=', now)
        .where('users.slug', 'in', chunk)
        .execute();
      return rows.map((row) => row.name);
    }
    const rows = await db
      .selectFrom('post_terms')
      .innerJoin('posts', 'posts.id', 'post_terms.post_id')
      .select('post_terms.term_slug as name')
      .distinct()
      .where('post_terms.taxonomy', '=', kind)
      .where('posts.status', '=', 'published')
      .where('posts.published_at', '<=', now)
      .where('post_terms.term_slug', 'in', chunk)
      .execute();
    return rows.map((row) => row.name ?? '');
  });
}

/**
 * Tells the paths the site has from the rest, so that page views and leads are counted only under pages that exist
 * (a route of the content, a public post, a tag's, category's or author's archive) and every other path under the
 * one key `(other)`: statistics cannot be made to hold whatever a stranger sends.
 */
export interface SitePaths {
  /** Each path given, as the key it is counted under: its normal path when the site has it, else `(other)`. */
  resolve(paths: Iterable<string>, now: Date): Promise<Map<string, string>>;
}

export function sitePaths(db: Kysely<Database>, contentRoutes: ReadonlySet<string>): SitePaths {
  return {
    async resolve(paths, now) {
      const keys = new Map<string, string>();
      const wanted = new Map<Named['kind'], Map<string, string[]>>();
      for (const path of paths) {
        if (keys.has(path)) continue;
        const normal = sitePath(path);
        keys.set(path, normal !== null && contentRoutes.has(normal) ? normal : otherPath);
        const name = normal === null ? undefined : named(normal);
        if (name === undefined) continue;
        const byName = wanted.get(name.kind) ?? new Map<string, string[]>();
        byName.set(name.name, [...(byName.get(name.name) ?? []), path]);
        wanted.set(name.kind, byName);
      }
      for (const [kind, byName] of wanted) {
        for (const name of await publicNames(db, kind, [...byName.keys()], now.toISOString())) {
          for (const path of byName.get(name) ?? []) keys.set(path, sitePath(path)!);
        }
      }
      return keys;
    },
  };
}
