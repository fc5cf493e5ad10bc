import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { bundleServer, external } from './server-bundle.ts';

/** The package names a bundle's files import or require from node_modules (Node's own modules left out). */
function packagesImported(folder: string): Set<string> {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => /\.m?js$/.test(file));
  // Static imports start a line; dynamic ones and CommonJS requires are calls (a JSDoc `import("…")` type is neither).
  const patterns = [
    /^import\s[^;]*?\bfrom\s"([^"]+)";/gm,
    /^import\s"([^"]+)";/gm,
    /(?<![{.\w])(?:import|__require)\("([^"]+)"\)/g,
  ];
  const specifiers = files.flatMap((file) => {
    const text = readFileSync(join(folder, file), 'utf8');
    return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!));
  });
  const builtins = new Set(builtinModules);
  return new Set(
    specifiers
      .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:') && !builtins.has(specifier))
      .map((specifier) => specifier.split('/', specifier.startsWith('@') ? 2 : 1).join('/')),
  );
}

describe('the server bundle of a test run', () => {
  it('is built once, in the folder the run shares, and outlives a test file that removes it', async () => {
    const first = await bundleServer();
    const second = await bundleServer();
    expect(second.entry).toBe(first.entry);
    expect(first.entry.startsWith(inject('sharedFolder'))).toBe(true);
    first.remove();
    expect(existsSync(first.entry)).toBe(true);
  }, 180_000);

  it('holds its packages but the native, run-time-loaded and React ones, so a start reads few files of node_modules', async () => {
    const { entry } = await bundleServer();
    const imported = packagesImported(dirname(entry));
    expect(imported.has('better-sqlite3')).toBe(true);
    expect([...imported].filter((name) => !external.includes(name))).toEqual([]);
  }, 180_000);
});
