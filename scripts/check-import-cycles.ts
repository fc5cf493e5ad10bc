import { repoRoot } from './lib/content.ts';
import { importCycles, readModules } from './lib/import-cycles.ts';

// Part of npm run lint: eslint-plugin-import's no-cycle cannot see cycles made of type imports.
const cycles = importCycles(readModules(repoRoot));
for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' → ')}`);
if (cycles.length > 0) process.exit(1);
