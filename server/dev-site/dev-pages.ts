import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ViteDevServer } from 'vite';
import type { LeadFormState } from '../../src/domain/lead-form-state.ts';
import type * as EntryServer from '../../src/entry-server.tsx';
import { htmlAnswer, redirectAnswer, type Answer } from '../http/answer.ts';
import { contentSecurityPolicy } from '../http/security-headers.ts';
import type { HtmlPages, HtmlPagesOptions } from '../pages/html-pages.ts';
import { createPageReads } from '../pages/page-reads.ts';
import { repositoryRoot } from '../repository-root.ts';
import { readContentRoutes } from '../stats/index.ts';

/** Scripts that run: JSON data blocks (`type="application/json"`) need no source in the policy. */
const inlineScripts = /<script(?: type="module")?>([\s\S]*?)<\/script>/g;
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The production policy, less strict where development needs it: the inline scripts Vite's plugins put into the page
 * (React's refresh preamble) by their hashes, the `<style>` elements Vite's client adds for each module's CSS, and
 * the web socket that tells the browser of a change. A production page never gets it.
 */
export function developmentPolicy(html: string): string {
  const scripts = [...html.matchAll(inlineScripts)]
    .map(([, code]) => hashOf(code!))
    .filter((hash) => hash !== hashOf(''));
  return contentSecurityPolicy
    .replace("script-src 'self'", ["script-src 'self'", ...scripts].join(' '))
    .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
    .replace("connect-src 'self'", "connect-src 'self' ws: wss:");
}

/**
 * The site's pages in development: the same render as production's (src/entry-server.tsx, the same template, the
 * same reads), loaded by Vite from the sources at each request, so that a change shows on the next load and Vite's
 * client reloads the browser's modules. Nothing is prerendered: every content page is rendered when asked for.
 * The styles come with the modules (Vite's client adds them), not as a stylesheet linked in the first HTML.
 */
export async function createDevPages(
  app: FastifyInstance,
  vite: ViteDevServer,
  options: Omit<HtmlPagesOptions, 'clientDir' | 'serverDir'>,
): Promise<HtmlPages> {
  const load = () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<typeof EntryServer>;
  let entry = await load();
  const templateFile = join(repositoryRoot, 'index.html');
  const contentRoutes = [...readContentRoutes()];
  const holdsForm = (url: string): boolean => contentRoutes.includes(url) || /^\/blogs\/[a-z0-9-]+$/.test(url);
  const finish = options.finishHtml ?? (async (html: string) => html);

  const renderPage = async (url: string, formState?: LeadFormState) => {
    options.onRender?.();
    entry = await load();
    const reads = createPageReads(options.blog, entry.ApiError, app.log);
    const page = await entry.render(url, options.origin, { reads, formState });
    const template = await vite.transformIndexHtml(url, readFileSync(templateFile, 'utf8'));
    return { page, html: page.redirect ? '' : entry.fillTemplate(template, page, {}) };
  };
  const answer = (html: string, status: number): Answer =>
    htmlAnswer(html, status, { 'cache-control': 'no-cache', 'content-security-policy': developmentPolicy(html) });
  const shellHtml = await vite.transformIndexHtml('/admin', readFileSync(templateFile, 'utf8'));
  // A change to a source file shows on the next load: no page is kept from before it.
  vite.watcher.on('change', () => options.blog.responses.forget());

  return {
    postSummary: (...args) => entry.postSummary(...args),
    prerenderedRoutes: [],
    renderedRoutes: contentRoutes,
    contentRoutes,
    queryParametersOf: (path) => entry.queryParametersOf(path),
    prerendered: () => undefined,
    shell: htmlAnswer(shellHtml, 200, { ...answer(shellHtml, 200).headers, 'x-robots-tag': 'noindex' }),
    holdsForm,
    async renderFormPage(url, formState) {
      if (!holdsForm(url)) return undefined;
      const { page, html } = await renderPage(url, formState);
      return page.redirect ? undefined : html.replace('<title>', '<title>Error: ');
    },
    // In development the styles come with the app's modules, which a notice goes without: its bare page is clearer.
    notice: async () => undefined,
    async render(url) {
      const { page, html } = await renderPage(url);
      if (page.redirect) return redirectAnswer(page.redirect, page.status);
      return answer(await finish(html), page.status);
    },
  };
}
