import { describe, expect, it } from 'vitest';
import { danglingIn } from './check-doc-references.ts';

const references = (file: string, text: string) =>
  danglingIn(file, text).map(({ line, reference }) => [line, reference]);

describe('the check that docs and comments name files that exist', () => {
  it('refuses a path in backticks that is not in the repository, in a doc and in a comment of code', () => {
    expect(references('docs/notes.md', 'See `server/app.ts` and `server/no-such-file.ts`.')).toEqual([
      [1, 'server/no-such-file.ts'],
    ]);
    const code = ['const a = 1; // from `src/gone.ts`', '/**', ' * Built on `server/missing/folder.ts`.', ' */'];
    expect(references('server/x.ts', code.join('\n'))).toEqual([
      [1, 'src/gone.ts'],
      [3, 'server/missing/folder.ts'],
    ]);
  });

  it('reads code outside comments as code: a string naming a path is not a citation', () => {
    expect(references('server/x.ts', "const path = '`server/made-at-run-time.ts`';")).toEqual([]);
  });

  it('refuses the shared documents cited as if they were in the repository, and accepts them beside it', () => {
    expect(references('src/x.ts', '// The rule of DESIGN.md "Stats".')).toEqual([[1, 'DESIGN.md']]);
    expect(references('src/x.ts', '// The rule of ../shared/DESIGN.md "Stats".')).toEqual([]);
    expect(references('README.md', 'Read SPEC.md first, then ../shared/STYLE.md.')).toEqual([[1, 'SPEC.md']]);
  });

  it('refuses a relative markdown link that leads nowhere, and leaves web links alone', () => {
    const doc = ['[the map](../architecture.md)', '[gone](./0999-nothing.md)', '[web](https://example.com/x.md)'];
    expect(references('docs/decisions/README.md', doc.join('\n'))).toEqual([[2, './0999-nothing.md']]);
  });
});
