import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/content.ts';
import { featureCycles, importCycles, readModules } from './lib/import-cycles.ts';
import { serverFeatures } from './lib/server-features.mjs';

// Part of npm run lint: eslint-plugin-import's no-cycle cannot see cycles made of type imports, nor a cycle between
// two of the server's features that passes through their index.ts files without closing a cycle of modules.
const modules = readModules(repoRoot);
const cycles = importCycles(modules);
for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' → ')}`);
const features = serverFeatures(readdirSync(join(repoRoot, 'server'), { withFileTypes: true }));
const betweenFeatures = featureCycles(modules, features);
for (const cycle of betweenFeatures)
  console.error(`features that import each other: server/${cycle.join(', server/')}`);
if (cycles.length > 0 || betweenFeatures.length > 0) process.exit(1);
