/**
 * Vite plugin: runs the content checker of `npm run content:check` when the dev server starts and
 * whenever a content document or schema is saved. Problems are printed in the terminal and shown in
 * the browser's error overlay, one `file /pointer: message` line each; a document with problems is
 * refused as a module, so a page never renders invalid content. `vite build` fails on any problem.
 */
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { checkContent, formatProblem, type ContentProblem } from '../server/content-studio/content-check.ts';
import { createContentAjv } from '../server/content-studio/content-schemas.ts';

const pluginName = 'content-check';

export function describeProblems(problems: ContentProblem[]): string {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  return `Content has ${count} (npm run content:check says the same):\n${problems.map(formatProblem).join('\n')}`;
}

export function contentCheck({ root: fixedRoot, publicDir }: { root?: string; publicDir?: string } = {}): Plugin {
  let root = fixedRoot ?? process.cwd();
  let ajv = createContentAjv();
  let problems: ContentProblem[] | undefined;

  const check = () => (problems = checkContent({ root, ajv, publicDir }).problems);
  const current = () => problems ?? check();
  const isWatched = (path: string) => {
    const inside = relative(root, path);
    return !inside.startsWith('..') && /^(content|schemas)[/\\].*\.json$/.test(inside);
  };
  const overlay = (list: ContentProblem[]) => ({
    type: 'error' as const,
    err: { message: describeProblems(list), stack: '', plugin: pluginName, id: join(root, list[0]!.file) },
  });

  function recheck(server: ViteDevServer, path: string) {
    if (relative(root, path).startsWith(`schemas${sep}`)) ajv = createContentAjv();
    const before = problems ?? [];
    const now = check();
    const { logger } = server.config;
    if (now.length > 0) {
      logger.error(describeProblems(now), { timestamp: true });
      server.ws.send(overlay(now));
    } else if (before.length > 0) {
      logger.info('content: every problem fixed', { timestamp: true });
      server.ws.send({ type: 'full-reload', path: '*' });
    }
  }

  return {
    name: pluginName,
    enforce: 'pre',
    configResolved(config) {
      root = fixedRoot ?? config.root;
    },
    buildStart() {
      const found = check();
      if (found.length > 0 && this.environment?.mode !== 'dev') this.error(describeProblems(found));
    },
    configureServer(server) {
      const found = current();
      if (found.length > 0) server.config.logger.error(describeProblems(found), { timestamp: true });
      server.watcher.add([join(root, 'content'), join(root, 'schemas')]);
      server.watcher.on('all', (_event, path) => {
        if (isWatched(isAbsolute(path) ? path : join(root, path))) recheck(server, path);
      });
      // A page opened while problems remain shows them at once, whatever module it loads.
      server.ws.on('connection', () => {
        const list = current();
        if (list.length > 0) server.ws.send(overlay(list));
      });
    },
    transform(_code, id) {
      const path = id.split('?')[0]!;
      if (!isWatched(path)) return undefined;
      const file = relative(root, path).split(sep).join('/');
      const list = current();
      if (list.some((problem) => problem.file === file)) this.error({ message: describeProblems(list), id: path });
      return undefined;
    },
  };
}
