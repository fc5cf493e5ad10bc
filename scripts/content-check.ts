/**
 * Validates every content document against its schema and checks what a schema cannot:
 * unique routes and titles, internal links that lead somewhere, assets that exist.
 * Prints one line per problem ("content/x.json /sections/2/heading: ...") and exits 1 if any.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createContentAjv, formatError } from './lib/schemas.ts';
import { loadContent, repoRoot, type ContentFile } from './lib/content.ts';

const problems: string[] = [];
const report = (file: string, pointer: string, message: string) => problems.push(`${file} ${pointer}: ${message}`);

const ajv = createContentAjv();
const { site, pages } = loadContent();

function validate(file: ContentFile, schemaId: string) {
  const validateDoc = ajv.getSchema(schemaId);
  if (!validateDoc) throw new Error(`no schema ${schemaId}`);
  if (!validateDoc(file.data)) {
    for (const error of validateDoc.errors ?? []) problems.push(`${file.path} ${formatError(error)}`);
    return false;
  }
  return true;
}

const siteValid = validate(site, 'site.schema.json');
const validPages = pages.filter((page) => validate(page, 'page.schema.json'));

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

/** Routes served by code rather than content: the blog post pages and the admin. */
const dynamicRoute = /^\/(blogs\/[a-z0-9-]+|admin(\/.*)?)$/;

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
    if (isAsset && !existsSync(join(repoRoot, 'public', value))) {
      report(file.path, pointer, `refers to "${value}", which is not in public/`);
    }
  }
}

if (siteValid) {
  checkReferences(site, site.data, '');
  site.data.services.forEach((service, index) => {
    if (!routes.has(service.route))
      report(site.path, `/services/${index}/route`, `service "${service.title}" has no page`);
  });
}
for (const page of validPages) checkReferences(page, page.data, '');

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\ncontent:check: ${problems.length} problem(s) in ${1 + pages.length} documents`);
  process.exit(1);
}
console.log(`content:check: ${1 + pages.length} documents valid, ${routes.size} routes`);
