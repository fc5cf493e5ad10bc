import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** The inlined copies' server, started by `serveInlinedPages` in a process of its own; prints its port when ready. */
function serve(origin: string, clientDir: string): void {
  const copies = new Map<string, string>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    void (async () => {
      if (!copies.has(path)) {
        copies.set(path, inlinedHtml(await (await fetch(`${origin}${path}`)).text(), origin, clientDir));
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(copies.get(path));
    })().catch(() => response.writeHead(502).end());
  });
  server.listen(0, '127.0.0.1', () => console.log(String((server.address() as { port: number }).port)));
  // The bench's end (or its crash) closes the pipe: the server ends with it.
  process.stdin.on('end', () => process.exit(0)).resume();
}

/**
 * Serves each path's inlined copy, fetched from `origin` once, from a process of its own: the benchmark's process
 * waits in `spawnSync` while Lighthouse runs, and a server of its own would answer nothing meanwhile. Resolves with
 * the copies' address and the stop.
 */
export async function serveInlinedPages(
  origin: string,
  clientDir = 'dist/client',
): Promise<{ base: string; close: () => void }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), origin, clientDir],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The inlined pages' server ended (${code}) before listening`)));
    child.stdout!.once('data', (data: Buffer) => resolve(data.toString().trim()));
  });
  return { base: `http://127.0.0.1:${port}`, close: () => child.stdin!.end() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve(process.argv[2]!, process.argv[3]!);
