import { EventEmitter } from 'node:events';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type ViteDevServer } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from './lib/content.ts';
import { contentCheck } from './vite-content-check.ts';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'content-check-'));
  cpSync(join(repoRoot, 'content'), join(root, 'content'), { recursive: true });
  symlinkSync(join(repoRoot, 'public'), join(root, 'public'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function edit(file: string, change: (doc: Record<string, unknown>) => void) {
  const path = join(root, file);
  const doc = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  change(doc);
  writeFileSync(path, JSON.stringify(doc, null, 2));
  return path;
}

/** The plugin's dev-server hooks against a stand-in server that records what reaches the terminal and the browser. */
function startDevServer() {
  const plugin = contentCheck({ root });
  const sent: { type: string; err?: { message: string; id?: string } }[] = [];
  const logged: string[] = [];
  const watcher = Object.assign(new EventEmitter(), { add: () => undefined });
  const ws = Object.assign(new EventEmitter(), { send: (payload: (typeof sent)[number]) => sent.push(payload) });
  const logger = { error: (text: string) => logged.push(text), info: (text: string) => logged.push(text) };
  const server = { watcher, ws, config: { logger } } as unknown as ViteDevServer;
  (plugin.configureServer as (server: ViteDevServer) => void)(server);
  const transform = (path: string) =>
    (plugin.transform as (this: unknown, code: string, id: string) => unknown).call(
      {
        error: (e: { message: string }) => {
          throw new Error(e.message);
        },
      },
      readFileSync(path, 'utf8'),
      path,
    );
  const save = (path: string) => watcher.emit('all', 'change', path);
  return { sent, logged, transform, save, connect: () => ws.emit('connection') };
}

describe('content errors at dev time', () => {
  it('shows every problem with its file and pointer in the terminal and the overlay when a file is saved', () => {
    const dev = startDevServer();
    expect(dev.logged).toEqual([]);
    const seo = edit('content/services/seo.json', (doc) => {
      doc.title = 42;
      delete doc.description;
    });
    dev.save(seo);
    const expected = [
      'content/services/seo.json /title: must be string',
      'content/services/seo.json /: is missing required field "description"',
    ];
    const overlay = dev.sent.at(-1)!;
    expect(overlay.type).toBe('error');
    for (const line of expected) {
      expect(overlay.err!.message).toContain(line);
      expect(dev.logged.at(-1)).toContain(line);
    }
    // The page left the site's routes too, so links to it are reported as well: every problem, not the first.
    const lines = overlay.err!.message.split('\n').slice(1);
    expect(overlay.err!.message).toMatch(new RegExp(`^Content has ${lines.length} problems`));
    expect(lines.length).toBeGreaterThan(expected.length);
    expect(overlay.err!.id).toBe(seo);
  });

  it('refuses the invalid document as a module, so the page never renders it, and loads the others', () => {
    const dev = startDevServer();
    const seo = edit('content/services/seo.json', (doc) => (doc.title = ['not', 'a', 'title']));
    dev.save(seo);
    expect(() => dev.transform(seo)).toThrow('content/services/seo.json /title: must be string');
    expect(dev.transform(join(root, 'content/pages/about.json'))).toBeUndefined();
  });

  it('shows the problems to a browser that connects while they remain, and reloads once they are fixed', () => {
    const dev = startDevServer();
    const original = readFileSync(join(root, 'content/pages/about.json'), 'utf8');
    const about = edit('content/pages/about.json', (doc) => (doc.description = 'Too short.'));
    dev.save(about);
    dev.connect();
    expect(dev.sent.map((payload) => payload.type)).toEqual(['error', 'error']);
    expect(dev.sent[1]!.err!.message).toContain('content/pages/about.json');

    writeFileSync(about, original);
    dev.save(about);
    expect(dev.sent.at(-1)).toEqual({ type: 'full-reload', path: '*' });
    expect(dev.logged.at(-1)).toMatch(/every problem fixed/);
    expect(dev.transform(about)).toBeUndefined();
  });

  it('fails the build with the same lines', async () => {
    edit('content/services/seo.json', (doc) => (doc.title = 42));
    writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>');
    writeFileSync(join(root, 'main.js'), 'export {};');
    const run = build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [contentCheck({ root })],
      build: { outDir: join(root, 'dist'), write: false },
    });
    await expect(run).rejects.toThrow('content/services/seo.json /title: must be string');
  });
});
