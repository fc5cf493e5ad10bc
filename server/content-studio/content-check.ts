/**
 * The content checker shared by `npm run content:check`, the Vite plugin (dev server and build) and the content
 * studio's saves: every document against its schema, then what a schema cannot say: unique routes and titles,
 * internal links that lead somewhere, assets that exist.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { PageDocument, RedirectsDocument, SiteDocument } from '../../src/content/types.gen.ts';
import { readServerRoutes, serverPathMatcher } from '../http/server-paths.ts';
import { repositoryRoot } from '../repository-root.ts';
import { contentPaths, irregularContent, isRegularFile, readContentFile, type ContentFile } from './content-files.ts';
import { createContentAjv, formatError, readSchemas } from './content-schemas.ts';
import { documentBoundsProblems } from './document-bounds.ts';
import { dynamicRoute } from './dynamic-route.ts';
import { checkRedirects } from './redirect-check.ts';

export interface ContentProblem {
  /** The document, relative to the checked folder: `content/services/seo.json`. */
  file: string;
  /** A JSON pointer into the document: `/sections/2/heading`. */
  pointer: string;
  message: string;
}

export interface ContentReport {
  problems: ContentProblem[];
  documents: number;
  /** Every route of the content pages, with the file that serves it. */
  routes: Map<string, string>;
}

/** One line per problem, as content:check prints it: `content/x.json /sections/2/heading: must be string`. */
export function formatProblem({ file, pointer, message }: ContentProblem): string {
  return `${file} ${pointer}: ${message}`;
}

let sharedAjv: Ajv2020 | undefined;

export interface CheckOptions {
  /** The checkout holding content/ (the repository by default). */
  root?: string;
  ajv?: Ajv2020;
  /** Where images and fonts are looked for (a file in any of them exists): root/public by default. */
  publicDir?: string | string[];
  /** Documents to check in place of their files, by path relative to root (`content/services/seo.json`). */
  replace?: ReadonlyMap<string, unknown>;
}

export function checkContent({ root = repositoryRoot, ajv, publicDir, replace }: CheckOptions = {}): ContentReport {
  const validator = ajv ?? (sharedAjv ??= createContentAjv());
  const assets = [publicDir ?? join(root, 'public')].flat();
  const problems: ContentProblem[] = [];
  const report = (file: string, pointer: string, message: string) => problems.push({ file, pointer, message });

  function read<T>(path: string): ContentFile<T> | undefined {
    const shown = relative(root, path);
    const file = replace?.has(shown) ? { path: shown, data: replace.get(shown) as T } : readFile<T>(path, shown);
    if (!file) return undefined;
    // Before anything walks it: a document nested thousands deep would exhaust the stack of every check.
    const bounds = documentBoundsProblems(file.data);
    for (const { pointer, message } of bounds) report(file.path, pointer, message);
    return bounds.length === 0 ? file : undefined;
  }

  function readFile<T>(path: string, shown: string): ContentFile<T> | undefined {
    // A link is reported below with every other entry that is no regular file, and never followed.
    if (!isRegularFile(path)) {
      if (!existsSync(path)) report(shown, '/', 'is missing');
      return undefined;
    }
    try {
      return readContentFile<T>(path, root);
    } catch (error) {
      const [file, ...rest] = (error as Error).message.split(': ');
      report(file ?? path, '/', rest.join(': '));
      return undefined;
    }
  }

  function validate<T>(file: ContentFile<T> | undefined, schemaId: string): file is ContentFile<T> {
    if (!file) return false;
    const validateDoc = validator.getSchema(schemaId);
    if (!validateDoc) throw new Error(`no schema ${schemaId}`);
    if (validateDoc(file.data)) return true;
    for (const error of validateDoc.errors ?? []) {
      const line = formatError(error);
      const split = line.indexOf(': ');
      report(file.path, line.slice(0, split), line.slice(split + 2));
    }
    return false;
  }

  const paths = contentPaths(root);
  for (const file of irregularContent(root)) {
    report(
      file,
      '/',
      'is not a regular file (a symbolic link?): it is never read nor served; replace it with the file',
    );
  }
  const site = read<SiteDocument>(paths.site);
  const pages = paths.pages.map((path) => read<PageDocument>(path));
  const siteValid = validate(site, 'site.schema.json');
  const validPages = pages.filter((page): page is ContentFile<PageDocument> => validate(page, 'page.schema.json'));

  // Routes and titles are unique across the site, counting every alias.
  const routes = new Map<string, string>();
  const titles = new Map<string, string>();
  for (const page of validPages) {
    const metas = [page.data, ...(page.data.alsoAt ?? [])];
    metas.forEach((meta, index) => {
      const pointer = index === 0 ? '/route' : `/alsoAt/${index - 1}/route`;
      const clash = routes.get(meta.route);
      if (clash) report(page.path, pointer, `route "${meta.route}" is already used by ${clash}`);
      routes.set(meta.route, page.path);
      const titleClash = titles.get(meta.title);
      if (titleClash)
        report(page.path, pointer.replace('route', 'title'), `title "${meta.title}" is already used by ${titleClash}`);
      titles.set(meta.title, page.path);
    });
    const first = page.data.sections[0];
    if (first && first.type !== 'hero' && first.type !== 'video-hero') {
      report(page.path, '/sections/0', 'the first section must be a hero or video-hero (it holds the h1)');
    }
    page.data.sections.slice(1).forEach((section, index) => {
      if (section.type === 'hero' || section.type === 'video-hero') {
        report(page.path, `/sections/${index + 1}`, 'only the first section may be a hero: a page has one h1');
      }
    });
  }

  /** Walks a document and reports every internal route or asset path that leads nowhere. */
  function checkReferences(file: ContentFile, value: unknown, pointer: string, key = '') {
    if (Array.isArray(value)) {
      value.forEach((item, index) => checkReferences(file, item, `${pointer}/${index}`, key));
    } else if (value && typeof value === 'object') {
      for (const [childKey, child] of Object.entries(value)) {
        if (childKey !== '$schema') checkReferences(file, child, `${pointer}/${childKey}`, childKey);
      }
    } else if (typeof value === 'string') {
      const isRouteField = key === 'route' || key === 'services';
      if (isRouteField && value.startsWith('/') && !routes.has(value) && !dynamicRoute.test(value)) {
        report(file.path, pointer, `links to "${value}", which is no route of the site`);
      }
      const isAsset = /^\/(images|media|fonts)\//.test(value);
      if (/^\/(images|media|fonts|video|brochure)\//.test(value) && leavesItsFolder(value)) {
        report(
          file.path,
          pointer,
          `"${value}" names a folder "." or "..": name the file by its own path under public/`,
        );
      } else if (isAsset && !assets.some((dir) => existsSync(join(dir, value)))) {
        report(file.path, pointer, `refers to "${value}", which is not in public/: choose an image that exists`);
      }
    }
  }

  if (siteValid) {
    checkReferences(site, site.data, '');
    const { display, tel } = site.data.contact.phone;
    if (dialledForm(display) !== tel) {
      report(
        site.path,
        '/contact/phone/display',
        `shows "${display}" but the number dialled is "${tel}": write the same number in both (the shown one with the country code)`,
      );
    }
    site.data.services.forEach((service, index) => {
      if (!routes.has(service.route))
        report(site.path, `/services/${index}/route`, `service "${service.title}" has no page`);
    });
  }
  for (const page of validPages) checkReferences(page, page.data, '');

  const redirects = read<RedirectsDocument>(paths.redirects);
  if (validate(redirects, 'redirects.schema.json')) {
    const known = new Set(routes.keys());
    const reserved = reservedPaths(assets, siteValid ? site.data.brochure.href : undefined);
    for (const { pointer, message } of checkRedirects(redirects.data.redirects, known, reserved)) {
      report(redirects.path, pointer, message);
    }
  }

  problems.push(...checkSectionExamples(readSchemas(), validator));

  return { problems, documents: 2 + paths.pages.length, routes };
}

/** A phone number as shown, as a tel: link dials it: its digits after a plus, without spaces, dashes, dots or brackets. */
export function dialledForm(shown: string): string {
  const trimmed = shown.trim();
  return /^\+?[0-9\s().-]+$/.test(trimmed) ? trimmed.replace(/[\s().-]/g, '') : trimmed;
}

/**
 * Whether a path has a part `.` or `..`, however written (percent-encoded, or with backslashes): it would name a
 * file elsewhere than where it seems to, outside the repository even.
 */
export function leavesItsFolder(path: string): boolean {
  let decoded = path;
  try {
    for (let round = 0; round < 3 && decoded !== decodeURIComponent(decoded); round += 1) {
      decoded = decodeURIComponent(decoded);
    }
  } catch {
    // Malformed percent-encoding: judged as written.
  }
  return decoded.split(/[\\/]/).some((part) => part === '.' || part === '..');
}

/**
 * What the server answers itself, which a redirect would hide: its routes (server-routes.json, the app's route table),
 * the files of public/ and of the build's assets/ by their top folder, and the brochure.
 */
function reservedPaths(publicDirs: string[], brochure: string | undefined): (path: string) => boolean {
  const isServerPath = serverPathMatcher(readServerRoutes());
  const folders = new Set(['assets', ...publicDirs.flatMap((dir) => (existsSync(dir) ? readdirSync(dir) : []))]);
  return (path) => isServerPath(path) || folders.has(path.split('/')[1] ?? '') || path === brochure;
}

/**
 * Each section type's example is what the admin's section catalogue renders: every section schema needs one,
 * and it must be valid content by the same union as a page's sections.
 */
export function checkSectionExamples(schemas: Record<string, object>, ajv: Ajv2020): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const validateSection = ajv.getSchema('section.schema.json');
  if (!validateSection) throw new Error('no schema section.schema.json');
  for (const [id, schema] of Object.entries(schemas)) {
    if (!id.startsWith('sections/')) continue;
    const file = `schemas/${id}`;
    const examples = (schema as { examples?: unknown[] }).examples ?? [];
    if (examples.length === 0) {
      problems.push({ file, pointer: '/examples', message: 'needs one example: the section catalogue renders it' });
    }
    examples.forEach((example, index) => {
      if (validateSection(example)) return;
      for (const error of validateSection.errors ?? []) {
        const line = formatError(error);
        const split = line.indexOf(': ');
        const pointer = line.slice(0, split);
        const at = `/examples/${index}${pointer === '/' ? '' : pointer}`;
        problems.push({ file, pointer: at, message: line.slice(split + 2) });
      }
    });
  }
  return problems;
}
