/**
 * Writes docs/api.md, the readable API reference, from the OpenAPI document the server serves at
 * /api/openapi.json; with --check, fails when the committed file is stale.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { buildApp } from '../server/app.ts';
import { repoRoot } from './lib/content.ts';
import { renderApiReference, type OpenApiDocument } from './lib/api-reference.ts';

const target = join(repoRoot, 'docs', 'api.md');
const dataDir = mkdtempSync(join(tmpdir(), 'api-docs-'));
let markdown: string;
try {
  const app = await buildApp({
    dataDir,
    databaseUrl: undefined,
    clientDir: join(dataDir, 'no-client-build'),
    seedExamples: false,
    adminEmail: 'docs@northbeam.example',
    adminPassword: 'a password only for this run',
    insecureFastPasswordHashingForTests: true,
    announce: () => {},
  });
  // Formatted as `npm run lint` wants it, so the committed file passes prettier --check unchanged.
  const options = { ...(await resolveConfig(target)), filepath: target };
  markdown = await format(renderApiReference(app.swagger() as unknown as OpenApiDocument), options);
  await app.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // A missing file is stale too.
  }
  if (current !== markdown) {
    console.error('docs/api.md is stale: run `npm run api:docs` and commit it.');
    process.exit(1);
  }
  console.log('api:docs: docs/api.md is up to date');
} else {
  writeFileSync(target, markdown);
  console.log('api:docs: wrote docs/api.md');
}
