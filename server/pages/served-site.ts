import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redirect, RedirectsDocument, SiteDocument } from '../../src/content/types.gen.ts';
import type { BlogContext } from '../blog/index.ts';
import { readRepositorySite } from '../forms/index.ts';
import { readContentRedirects } from '../http/content-redirects.ts';
import { makeImagesResponsive } from '../media/index.ts';
import type { Notice } from '../../src/entry-server.tsx';
import { createHtmlPages, type HtmlPages, type HtmlPagesOptions, type SitePage } from './html-pages.ts';
import { precompressDirectory } from './precompress.ts';

export interface ServedSiteOptions {
  /** The browser app's build: prerendered pages, hashed files in assets/, and everything of public/. */
  clientDir: string;
  /** The server render bundle and the page template; dist/server beside clientDir by default. */
  serverDir?: string;
  blog: BlogContext;
  /** The public origin of absolute URLs: from the configuration, never from the request. */
  origin: string;
  /** `npm run dev`: the pages rendered from the sources (server/dev-site), instead of a build's. */
  devPages?: (app: FastifyInstance, options: Omit<HtmlPagesOptions, 'clientDir' | 'serverDir'>) => Promise<HtmlPages>;
}

/** The served build as the content studio's publisher sees it, and the way to serve another (docs/decisions/0015). */
export interface LiveBuild {
  /**
   * Loads the build whose client folder is `clientDir` (its render bundle in ../server) and serves it from the next
   * request on, every kept answer forgotten: each page comes whole from one build or the other. Absent without a build.
   */
  readonly swap?: (clientDir: string) => Promise<void>;
  /** The served build's client folder. */
  readonly clientDir?: string;
  /** Which content the served build shows (content-files.ts `contentFingerprint`); null when it did not record it. */
  readonly fingerprint?: string | null;
  /** The redirects of the content the served build shows (its server/redirects.json), swapped with it. */
  readonly redirects?: Redirect[];
  /**
   * The site.json of the served build (its server/site.json), then those of the builds served before it since the
   * start, newest first and at most `keptSites`: what the forms' pages showed, which may still be open in a browser.
   */
  readonly sites?: readonly SiteDocument[];
}

/** How many builds' site.json are kept: the served one and the ones before it. */
export const keptSites = 5;

/** One build of the site, loaded: its pages and what the sitemap tells of it. */
export interface LoadedBuild {
  clientDir: string;
  pages: HtmlPages;
  builtAt: Date;
  contentDates?: Record<string, string>;
  fingerprint: string | null;
  redirects?: Redirect[];
  site?: SiteDocument;
}

/**
 * The page renderer, loaded before any plugin that needs it (the site's routes, the forms that answer with a page,
 * the content studio's publisher): the build served now, swapped for another without a restart.
 */
export interface ServedSite extends LiveBuild {
  readonly swap: (clientDir: string) => Promise<void>;
  readonly clientDir: string;
  /** The build served now: read it per request, as a swap replaces it. */
  readonly build: LoadedBuild;
  /** Every client folder served since the start, whose hashed files stay immutable. */
  readonly clientDirs: ReadonlySet<string>;
  /** Whether the page at this path is one the site renders with a refused form in it. */
  holds(path: string): boolean;
  /** A page of the server's own at `url` in the site's look; undefined in development (src/app/notice-page.tsx). */
  notice(notice: Notice, url: string): Promise<SitePage | undefined>;
}

async function loadBuild(
  app: FastifyInstance,
  options: ServedSiteOptions,
  clientDir: string,
  serverDir: string,
): Promise<LoadedBuild> {
  const pageOptions = {
    origin: options.origin,
    blog: options.blog,
    onRender: () => app.metrics.pageRenders.inc(),
    finishHtml: (html: string) => makeImagesResponsive(options.blog.db, html),
  };
  if (options.devPages) {
    return { clientDir, pages: await options.devPages(app, pageOptions), builtAt: new Date(), fingerprint: null };
  }
  const pages = await createHtmlPages(app, { clientDir, serverDir, ...pageOptions });
  const readJson = <T>(file: string): T | undefined =>
    existsSync(join(serverDir, file)) ? (JSON.parse(readFileSync(join(serverDir, file), 'utf8')) as T) : undefined;
  return {
    clientDir,
    pages,
    builtAt: statSync(join(clientDir, 'routes.json')).mtime,
    contentDates: readJson<Record<string, string>>('content-dates.json'),
    fingerprint: readJson<{ fingerprint: string }>('content.json')?.fingerprint ?? null,
    // A build from before the prerender wrote them: the repository's, as the server read them at start.
    redirects: readJson<RedirectsDocument>('redirects.json')?.redirects ?? readContentRedirects(),
    site: readJson<SiteDocument>('site.json'),
  };
}

async function precompress(app: FastifyInstance, clientDir: string) {
  try {
    await precompressDirectory(clientDir);
  } catch (error) {
    app.log.warn(
      { err: error },
      `Could not write compressed copies of the site into ${clientDir}; serving it uncompressed`,
    );
  }
}

/** The site's build loaded, or undefined without one (the server then serves the API only). */
export async function loadServedSite(
  app: FastifyInstance,
  options: ServedSiteOptions,
): Promise<ServedSite | undefined> {
  const { clientDir, blog } = options;
  const serverDir = options.serverDir ?? join(clientDir, '..', 'server');
  const built = existsSync(join(serverDir, 'entry-server.js')) && existsSync(join(clientDir, 'routes.json'));
  if (!options.devPages && !built) {
    app.log.warn(`No build of the site in ${clientDir}: serving the API only. Run \`npm run build\`.`);
    return undefined;
  }
  if (!options.devPages) await precompress(app, clientDir);

  let build = await loadBuild(app, options, clientDir, serverDir);
  const clientDirs = new Set([clientDir]);
  // A build from before the prerender wrote it (and the dev server's pages): the repository's, read at the start.
  let sites: readonly SiteDocument[] = [build.site ?? readRepositorySite()];
  return {
    get build() {
      return build;
    },
    get clientDir() {
      return build.clientDir;
    },
    get fingerprint() {
      return build.fingerprint;
    },
    get redirects() {
      return build.redirects;
    },
    get sites() {
      return sites;
    },
    clientDirs,
    holds: (path) => build.pages.holdsForm(path),
    notice: (notice, url) => build.pages.notice(notice, url),
    async swap(nextClientDir) {
      const next = await loadBuild(app, options, nextClientDir, join(nextClientDir, '..', 'server'));
      clientDirs.add(nextClientDir);
      build = next;
      sites = [next.site ?? readRepositorySite(), ...sites].slice(0, keptSites);
      // In the same turn: no answer of the old build is given from memory after the swap, nor kept if still being made.
      blog.responses.forget();
    },
  };
}
