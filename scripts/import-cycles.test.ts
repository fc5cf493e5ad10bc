import { describe, expect, it } from 'vitest';
import { repoRoot } from './lib/content.ts';
import { importCycles, readModules } from './lib/import-cycles.ts';

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

  it('finds none in the repository', () => {
    expect(importCycles(readModules(repoRoot))).toEqual([]);
  });
});
