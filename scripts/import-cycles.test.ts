import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './lib/content.ts';
import { featureCycles, importCycles, readModules } from './lib/import-cycles.ts';
import { apiFeatures, serverFeatures } from './lib/server-features.mjs';

describe('import cycles, checked by npm run lint', () => {
  it('finds a cycle made of type imports only, and one through import()', () => {
    const modules = new Map([
      ['server/store/a.ts', "import type { B } from './b.ts';\nexport interface A { b: B }\n"],
      ['server/store/b.ts', "import type { A } from './a.ts';\nexport interface B { a: A }\n"],
      ['src/blog/slots.ts', "export const load = () => import('./slot.tsx');\n"],
      ['src/blog/slot.tsx', "import type { Slot } from '@/blog/slots.ts';\nexport const slot: Slot = {};\n"],
      ['src/ui/alone.ts', "import { useState } from 'react';\nexport const alone = useState;\n"],
    ]);
    expect(importCycles(modules)).toEqual(
      expect.arrayContaining([
        ['server/store/a.ts', 'server/store/b.ts'],
        ['src/blog/slot.tsx', 'src/blog/slots.ts'],
      ]),
    );
    expect(importCycles(modules)).toHaveLength(2);
  });

  it('finds a cycle of value imports, whether an import names the extension, leaves it out or names a folder', () => {
    const modules = new Map([
      ['src/ui/head.tsx', "import { origin } from './origin.ts';\nexport const Head = origin;\n"],
      ['src/ui/origin.ts', "import { Head } from './head';\nexport const origin = 1;\nexport const head = Head;\n"],
      ['src/blog/index.ts', "export { card } from './card.tsx';\n"],
      ['src/blog/card.tsx', "import { Head } from '@/ui/head.tsx';\nexport const card = Head;\n"],
      ['src/blog/list.ts', "import { card } from '../blog';\nexport const list = card;\n"],
      ['src/blog/grid.ts', "import { list } from './list.ts';\nexport const grid = list;\n"],
    ]);
    expect(importCycles(modules)).toEqual([['src/ui/head.tsx', 'src/ui/origin.ts']]);
    modules.set('src/blog/card.tsx', "import { grid } from './grid';\nexport const card = grid;\n");
    expect(importCycles(modules)).toEqual(
      expect.arrayContaining([['src/blog/card.tsx', 'src/blog/grid.ts', 'src/blog/index.ts', 'src/blog/list.ts']]),
    );
  });

  it('finds none in the repository', () => {
    expect(importCycles(readModules(repoRoot))).toEqual([]);
  });

  it('finds two features of the server that import each other through their index files', () => {
    // No module is in a cycle: leads/intake.ts reaches comments/store.ts, and comments/mail.ts reaches leads/facts.ts.
    const modules = new Map([
      ['server/leads/index.ts', "export { facts } from './facts.ts';\n"],
      ['server/leads/facts.ts', 'export const facts = 1;\n'],
      ['server/leads/intake.ts', "import { store } from '../comments/index.ts';\nexport const intake = store;\n"],
      ['server/comments/index.ts', "export { store } from './store.ts';\n"],
      ['server/comments/store.ts', 'export const store = 2;\n'],
      ['server/comments/mail.ts', "import { facts } from '../leads/index.ts';\nexport const mail = facts;\n"],
      ['server/mail/outbox.ts', "import { facts } from '../leads/index.ts';\nexport const outbox = facts;\n"],
      ['server/mail/outbox.test.ts', "import { store } from '../comments/index.ts';\nexport const seen = store;\n"],
    ]);
    expect(importCycles(modules)).toEqual([]);
    expect(featureCycles(modules, ['comments', 'leads', 'mail'])).toEqual([['comments', 'leads']]);
  });

  it('finds no features of the server that import each other in the repository', () => {
    const features = serverFeatures(readdirSync(join(repoRoot, 'server'), { withFileTypes: true }));
    expect(features).toEqual(expect.arrayContaining(['blog', 'leads', 'comments', 'auth']));
    expect(featureCycles(readModules(repoRoot), features)).toEqual([]);
  });

  it('finds two features of src/api that import each other, and none in the repository', () => {
    const modules = new Map([
      ['src/api/leads/index.ts', "export { leadsKey } from './key.ts';\n"],
      ['src/api/leads/key.ts', "import { blogKey } from '../blog/index.ts';\nexport const leadsKey = [blogKey];\n"],
      ['src/api/blog/index.ts', "export { blogKey } from './key.ts';\n"],
      ['src/api/blog/key.ts', 'export const blogKey = 1;\n'],
      ['src/api/blog/refresh.ts', "import { leadsKey } from '../leads/index.ts';\nexport const refresh = leadsKey;\n"],
      [
        'server/leads/index.ts',
        "import { refresh } from '../../src/api/blog/refresh.ts';\nexport const x = refresh;\n",
      ],
    ]);
    expect(featureCycles(modules, ['blog', 'leads'], 'src/api')).toEqual([['blog', 'leads']]);
    expect(featureCycles(modules, ['blog', 'leads'])).toEqual([]);
    const features = apiFeatures(readdirSync(join(repoRoot, 'src/api'), { withFileTypes: true }));
    expect(features).toEqual(expect.arrayContaining(['blog', 'leads', 'auth', 'newsletter']));
    expect(features).not.toContain('testing');
    expect(featureCycles(readModules(repoRoot), features, 'src/api')).toEqual([]);
  });
});
