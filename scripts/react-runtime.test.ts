/**
 * The browser, the dev server, the server's rendering and every test project run React itself: no configuration
 * may point `react` or `react-dom` at another package, as the browser build once did with Preact.
 */
import { readFileSync } from 'node:fs';
import { resolveConfig, type Alias, type AliasOptions, type ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const reactSpecifiers = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-dom/server',
  'react-dom/static',
  'react-dom/test-utils',
];

function aliasList(aliases: AliasOptions | undefined): Alias[] {
  if (!aliases) return [];
  if (Array.isArray(aliases)) return aliases as Alias[];
  return Object.entries(aliases).map(([find, replacement]) => ({ find, replacement: String(replacement) }));
}

function matches(alias: Alias, specifier: string): boolean {
  if (typeof alias.find === 'string') return specifier === alias.find || specifier.startsWith(`${alias.find}/`);
  return alias.find.test(specifier);
}

/** Each React specifier that an alias of the list sends somewhere, with where it sends it. */
function reactAliases(aliases: AliasOptions | undefined): string[] {
  return aliasList(aliases).flatMap((alias) =>
    reactSpecifiers
      .filter((specifier) => matches(alias, specifier))
      .map((specifier) => `${specifier} → ${alias.replacement}`),
  );
}

const configFile = 'vite.config.ts';

const environments: Record<string, () => Promise<ResolvedConfig>> = {
  'the browser build': () => resolveConfig({ configFile }, 'build', 'production', 'production'),
  "the server's build": () =>
    resolveConfig({ configFile, build: { ssr: 'src/entry-server.tsx' } }, 'build', 'production', 'production'),
  'the dev server': () => resolveConfig({ configFile }, 'serve', 'development', 'development'),
  'the test projects': () => resolveConfig({ configFile, mode: 'test' }, 'serve', 'test', 'test'),
};

describe('React is the one runtime', () => {
  it.each(Object.keys(environments))('%s resolves react and react-dom to themselves', async (name) => {
    const config = await environments[name]!();
    expect(reactAliases(config.resolve.alias)).toEqual([]);
    const projects = ((config as unknown as { test?: { projects?: TestProjectInlineConfiguration[] } }).test
      ?.projects ?? []) as TestProjectInlineConfiguration[];
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) {
      const own = project as { resolve?: { alias?: AliasOptions }; test?: { alias?: AliasOptions; name?: unknown } };
      expect(reactAliases(own.resolve?.alias), String(own.test?.name)).toEqual([]);
      expect(reactAliases(own.test?.alias), String(own.test?.name)).toEqual([]);
    }
  });

  it('finds an alias of React where one is declared', () => {
    expect(reactAliases([{ find: /^react(-dom)?$/, replacement: 'preact/compat' }])).toEqual([
      'react → preact/compat',
      'react-dom → preact/compat',
    ]);
    expect(reactAliases({ 'react-dom': 'preact/compat' })).toContain('react-dom/client → preact/compat');
  });

  it('depends on React and react-dom, and on no other runtime behind their names', () => {
    const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(dependencies).toHaveProperty('react');
    expect(dependencies).toHaveProperty('react-dom');
    expect(dependencies).toHaveProperty('embla-carousel-react');
    expect(Object.keys(dependencies).filter((name) => /^(preact|inferno|nervjs)/.test(name))).toEqual([]);
  });
});
