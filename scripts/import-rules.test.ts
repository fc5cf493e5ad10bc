import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './lib/content.ts';

const eslint = new ESLint({ cwd: repoRoot });

/** The import-rule messages ESLint gives a file with this text at this path (the file need not exist). */
async function importProblems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, path) });
  return (result?.messages ?? [])
    .filter((message) => /^import\/|no-restricted-imports/.test(message.ruleId ?? ''))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('import rules of DESIGN.md, enforced by npm run lint', () => {
  it('fails a section that imports admin code', async () => {
    const problems = await importProblems(
      'src/sections/hero/uses-admin.ts',
      "import { Field } from '@/admin/ui/field.tsx';\nexport const field = Field;\n",
    );
    expect(problems).toEqual([expect.stringMatching(/no-restricted-paths.*A section imports only the shared layers/)]);
  });

  it('fails a section that imports blog code', async () => {
    const problems = await importProblems(
      'src/sections/hero/uses-blog.ts',
      "import { loadBlogSlots } from '../../blog/sections/blog-slots.ts';\nexport const slots = loadBlogSlots;\n",
    );
    expect(problems).toEqual([expect.stringMatching(/no-restricted-paths.*A section imports only the shared layers/)]);
  });

  it('fails a shared layer that imports a feature, and features that import each other', async () => {
    expect(
      await importProblems('src/ui/uses-site.ts', "export { ContentPage } from '@/site/content-page.tsx';\n"),
    ).toEqual([expect.stringMatching(/Shared layers/)]);
    expect(
      await importProblems('src/site/uses-blog.ts', "export { PostPage } from '@/blog/post-page/post-page.tsx';\n"),
    ).toEqual([expect.stringMatching(/never import each other/)]);
  });

  it('keeps the admin out of public code: src/app reaches its pages only by import()', async () => {
    expect(await importProblems('src/app/eager.ts', "export { PostsPage } from '@/admin/admin-pages.ts';\n")).toEqual([
      expect.stringMatching(/no-restricted-imports.*import\(\)/),
    ]);
    expect(
      await importProblems('src/app/lazy.ts', "export const load = () => import('@/admin/admin-pages.ts');\n"),
    ).toEqual([]);
  });

  it('keeps the server and the browser apart but for the generated types and the render entry', async () => {
    expect(await importProblems('src/ui/uses-server.ts', "export { buildApp } from '../../server/app.ts';\n")).toEqual([
      expect.stringMatching(/never imports the server/),
    ]);
    expect(await importProblems('server/uses-ui.ts', "export { Head } from '../src/ui/head.tsx';\n")).toEqual([
      expect.stringMatching(/only the generated types/),
    ]);
    expect(
      await importProblems('server/uses-types.ts', "export type { BlogPost } from '../src/content/types.gen.ts';\n"),
    ).toEqual([]);
  });

  it('keeps migrations frozen: they import kysely and node, never the app', async () => {
    expect(
      await importProblems(
        'server/store/migrations/20990101000000_uses-app.ts',
        "export { termSlug } from '../term-slug.ts';\n",
      ),
    ).toEqual([expect.stringMatching(/no-restricted-imports.*A migration imports only kysely and node/)]);
    expect(
      await importProblems(
        'server/store/migrations/20990101000000_frozen.ts',
        "import { randomUUID } from 'node:crypto';\nimport { sql } from 'kysely';\nexport const both = [randomUUID, sql];\n",
      ),
    ).toEqual([]);
  });

  it('lets both sides import the domain rules, which import nothing but themselves and the generated types', async () => {
    expect(
      await importProblems('server/uses-domain.ts', "export { termSlug } from '../src/domain/term-slug.ts';\n"),
    ).toEqual([]);
    expect(
      await importProblems('src/blog/uses-domain.ts', "export { searchWords } from '@/domain/search-words.ts';\n"),
    ).toEqual([]);
    expect(
      await importProblems('src/domain/uses-ui.ts', "export { formatDate } from '@/ui/format-date.ts';\n"),
    ).toEqual([expect.stringMatching(/src\/domain holds rules both sides import/)]);
    expect(
      await importProblems('src/domain/uses-types.ts', "export type { BlogPost } from '../content/types.gen.ts';\n"),
    ).toEqual([]);
  });

  it('lets another folder of the server reach a feature only through its index.ts', async () => {
    const internal = /no-restricted-paths.*reaches server\/leads\/ only through server\/leads\/index.ts/;
    expect(
      await importProblems('server/comments/uses-leads.ts', "export { readLead } from '../leads/lead-store.ts';\n"),
    ).toEqual([expect.stringMatching(internal)]);
    expect(
      await importProblems('server/uses-leads.ts', "export { leadRoutes } from './leads/lead-routes.ts';\n"),
    ).toEqual([expect.stringMatching(internal)]);
    expect(
      await importProblems(
        'server/pages/uses-leads.ts',
        "export type { FormPages } from '../leads/form-refusal.ts';\n",
      ),
    ).toEqual([expect.stringMatching(internal)]);
    expect(
      await importProblems('server/comments/uses-index.ts', "export { readLead } from '../leads/index.ts';\n"),
    ).toEqual([]);
    expect(
      await importProblems('server/leads/uses-itself.ts', "export { readLead } from './lead-store.ts';\n"),
    ).toEqual([]);
  });

  it('lets the rest of src/api reach an API feature only through its index.ts, and the app reach any call', async () => {
    const internal = /no-restricted-paths.*reaches src\/api\/leads\/ only through src\/api\/leads\/index.ts/;
    expect(
      await importProblems(
        'src/api/comments/uses-leads.ts',
        "export { leadsQueryKey } from '../leads/lead-query-key.ts';\n",
      ),
    ).toEqual([expect.stringMatching(internal)]);
    expect(
      await importProblems('src/api/uses-leads.ts', "export { leadAddress } from './leads/get-lead.ts';\n"),
    ).toEqual([expect.stringMatching(internal)]);
    expect(
      await importProblems('src/api/testing/uses-leads.ts', "export { leadAddress } from '../leads/get-lead.ts';\n"),
    ).toEqual([expect.stringMatching(internal)]);
    expect(
      await importProblems('src/api/comments/uses-index.ts', "export { leadsQueryKey } from '../leads/index.ts';\n"),
    ).toEqual([]);
    expect(
      await importProblems('src/api/leads/uses-itself.ts', "export { leadsQueryKey } from './lead-query-key.ts';\n"),
    ).toEqual([]);
    expect(
      await importProblems('src/api/leads/uses-client.ts', "export { apiJson } from '../api-client.ts';\n"),
    ).toEqual([]);
    expect(
      await importProblems('src/admin/uses-call.ts', "export { useLead } from '@/api/leads/get-lead.ts';\n"),
    ).toEqual([]);
  });

  it('keeps one direction between the test harness and the scripts: scripts import server/test-support', async () => {
    expect(
      await importProblems(
        'server/test-support/uses-script.ts',
        "export { measure } from '../../scripts/lib/http-load.ts';\n",
      ),
    ).toEqual([expect.stringMatching(/never import scripts/)]);
    expect(
      await importProblems(
        'scripts/uses-harness.ts',
        "export { startServerProcess } from '../server/test-support/server-process.ts';\n",
      ),
    ).toEqual([]);
  });
});
