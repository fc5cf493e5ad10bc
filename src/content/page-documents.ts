/**
 * Page documents read at run time (docs/decisions/0015): a build's bundles hold no content of content/'s pages, so a
 * save that changes only their words is published without Vite. The build writes each document twice: for the
 * server's render beside its render bundle (entry-server.tsx reads them), and for the browser as a hashed file of
 * assets/ named by the build's content version, which the page's `content-version` meta names. A page and the
 * documents its browser fetches therefore come from one build: hydration sees what the server rendered.
 */
import type { PageDocument } from './types.gen.ts';

type DocumentSource = (id: string) => Promise<PageDocument>;

/** The meta element of every page of a build that names its content version (scripts/lib/content-build.ts). */
const contentVersionMeta = 'content-version';

/** The browser's file of a document: `services/seo` of version `abc` is /assets/content.abc.services.seo.json. */
export function pageDocumentAsset(version: string, id: string): string {
  return `assets/content.${version}.${id.replaceAll('/', '.')}.json`;
}

const loaded = new Map<string, Promise<PageDocument>>();

async function fetchDocument(id: string): Promise<PageDocument> {
  const version = document.querySelector<HTMLMetaElement>(`meta[name="${contentVersionMeta}"]`)?.content;
  if (!version) throw new Error(`This page names no content version to load ${id} from.`);
  const response = await fetch(`/${pageDocumentAsset(version, id)}`);
  if (!response.ok) throw new Error(`${id}: ${response.status} ${response.statusText}`);
  return (await response.json()) as PageDocument;
}

let source: DocumentSource = fetchDocument;

/** The server's render reads documents from its build's folder instead of fetching them. */
export function readPageDocumentsWith(next: DocumentSource): void {
  source = next;
  loaded.clear();
}

/**
 * A page's document by id (`services/seo`), loaded once, shaped as the module its chunk once was.
 * @public Imported by the route modules scripts/vite-content-routes.ts generates, which knip cannot read.
 */
export async function pageDocument(id: string): Promise<{ default: PageDocument }> {
  let document = loaded.get(id);
  if (!document) {
    document = source(id);
    loaded.set(id, document);
    // A failed load (a network cut) is tried again next time.
    document.catch(() => loaded.delete(id));
  }
  return { default: await document };
}
