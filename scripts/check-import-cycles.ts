import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/content.ts';
import { featureCycles, importCycles, readModules } from './lib/import-cycles.ts';
import { apiFeatures, serverFeatures } from './lib/server-features.mjs';

// Part of npm run lint, and its only cycle check: every import cycle of modules (values, types and import() alike), and
// a cycle between two features (the server's, or src/api's) that passes through their index.ts files without closing a
// cycle of modules. It reads each file once; eslint-plugin-import's no-cycle, which it replaced, walked every module's
// imports again from each file and was half of ESLint's time (docs/decisions/0022).
const modules = readModules(repoRoot);
const cycles = importCycles(modules);
for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' → ')}`);
const betweenFeatures = [
  { root: 'server', features: serverFeatures },
  { root: 'src/api', features: apiFeatures },
].flatMap(({ root, features }) =>
  featureCycles(modules, features(readdirSync(join(repoRoot, root), { withFileTypes: true })), root).map((cycle) =>
    cycle.map((feature) => `${root}/${feature}`),
  ),
);
for (const cycle of betweenFeatures) console.error(`features that import each other: ${cycle.join(', ')}`);
if (cycles.length > 0 || betweenFeatures.length > 0) process.exit(1);
