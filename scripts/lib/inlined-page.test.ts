import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlinedHtml, serveInlinedPages } from './inlined-page.ts';

const page = [
  '<!doctype html><html><head><style>h1{color:red}</style>',
  '<link rel="modulepreload" href="/assets/app.js"><link rel="preload" as="style" href="/assets/site.css">',
  '<script type="module" src="/assets/app.js"></script></head>',
  '<body><h1>Home</h1><link rel="stylesheet" href="/assets/site.css"></body></html>',
].join('');

/** A request made from another process while this one is blocked, as the benchmark is while Lighthouse runs. */
function fetchWhileBlocked(url: string): { status: number | null; body: string } {
  const script = `fetch(${JSON.stringify(url)}).then(async (r) => { process.stdout.write(r.status + '\\n' + (await r.text())); })`;
  const result = spawnSync(process.execPath, ['-e', script], { timeout: 10_000, encoding: 'utf8' });
  const [status, ...body] = result.stdout.split('\n');
  return { status: status ? Number(status) : null, body: body.join('\n') };
}

describe('the inlined copies of bench:web --inlined', () => {
  let clientDir: string;
  let origin: Server;
  let originBase: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'northbeam-inlined-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'assets/site.css'), 'body{margin:0}');
    origin = createServer((request, response) => {
      if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(page);
      else response.writeHead(404).end('not here');
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originBase = `http://127.0.0.1:${(origin.address() as { port: number }).port}`;
  });
  afterAll(() => {
    origin.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('removes the scripts and their preloads and inlines each stylesheet once, assets from the site', () => {
    const html = inlinedHtml(
      page.replace('</body>', '<link rel="stylesheet" href="/assets/site.css"></body>'),
      originBase,
      clientDir,
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('rel="preload"');
    expect(html).not.toContain('h1{color:red}');
    expect(html.match(/<style>body\{margin:0\}<\/style>/g)).toHaveLength(1);
    expect(html).toContain(`<head><base href="${originBase}/">`);
  });

  it('answers while the benchmark’s own process is blocked, as it is in spawnSync while Lighthouse runs', async () => {
    const inlined = await serveInlinedPages(originBase, clientDir);
    try {
      // The copy is fetched from the site once, while this process is free to answer as the site.
      expect((await fetch(`${inlined.base}/`)).status).toBe(200);
      const answer = fetchWhileBlocked(`${inlined.base}/`);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('<h1>Home</h1>');
      expect(answer.body).not.toContain('<script');
    } finally {
      inlined.close();
    }
  });

  it('answers 502 for a page it could not fetch from the site, and ends with the benchmark’s pipe', async () => {
    const inlined = await serveInlinedPages('http://127.0.0.1:9', clientDir);
    expect((await fetch(`${inlined.base}/`)).status).toBe(502);
    inlined.close();
    await expect
      .poll(() =>
        fetch(`${inlined.base}/`).then(
          () => 'answered',
          () => 'gone',
        ),
      )
      .toBe('gone');
  });
});
