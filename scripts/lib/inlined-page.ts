import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

/**
 * A page as served, with its scripts removed and every stylesheet inlined whole: the limit of its first paint, which
 * `bench:web --inlined` measures beside the page as served. Its assets still come from the site (`<base>`).
 */
export function inlinedHtml(html: string, origin: string, clientDir = 'dist/client'): string {
  const inlined = new Set<string>();
  const css = (href: string) => {
    if (inlined.has(href)) return '';
    inlined.add(href);
    return `<style>${readFileSync(join(clientDir, href), 'utf8')}</style>`;
  };
  return html
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, '')
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)"[^>]*>/g, (_, href: string) => css(href))
    .replace('<head>', () => `<head><base href="${origin}/">`);
}

/** Serves each path's inlined copy, fetched from `origin` once; resolves with the server and its address. */
export async function serveInlinedPages(origin: string): Promise<{ server: Server; base: string }> {
  const copies = new Map<string, string>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    void (async () => {
      if (!copies.has(path)) copies.set(path, inlinedHtml(await (await fetch(`${origin}${path}`)).text(), origin));
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(copies.get(path));
    })().catch(() => response.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { server, base: `http://127.0.0.1:${address.port}` };
}
