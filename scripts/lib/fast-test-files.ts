import { basename, dirname } from 'node:path';
import { importGraph } from './import-cycles.ts';

/** The test files of Vitest's `web` and `node` projects (vite.config.ts): the browser's tests are not the loop's. */
const unitTest = /^(src\/.*\.test\.tsx?|server\/.*\.test\.ts|scripts\/.*\.test\.ts)$/;
const typescript = /\.tsx?$/;
/** Modules that declare types for others (`declare module`, `.d.ts`): a program without them would not typecheck. */
const ambient = (path: string, text: string) => path.endsWith('.d.ts') || /^declare (module|global)\b/m.test(text);

/**
 * What `npm run test:fast` checks for a change: the changed modules' own tests (`lead-intake.ts` →
 * `lead-intake.test.ts`, `lead-intake.sqlite.test.ts`, and every test file that imports it directly), or, for a module
 * no test names, the test files of its folder (its siblings); the changed test files themselves; and for the typecheck, the changed modules with the modules that import them
 * directly (a changed signature breaks its callers there). Imports are followed one step only, never on to
 * `server/app.ts`, through which almost every change reaches every API test: those run in `npm test`.
 */
export function fastTestFiles(
  modules: ReadonlyMap<string, string>,
  changed: readonly string[],
): { tests: string[]; typecheck: string[] } {
  const importers = new Map<string, string[]>();
  for (const [path, targets] of importGraph(modules)) {
    for (const target of targets) importers.set(target, [...(importers.get(target) ?? []), path]);
  }
  const paths = [...modules.keys()];
  const tests = new Set<string>();
  const typecheck = new Set<string>();
  for (const path of changed) {
    if (!modules.has(path)) continue;
    typecheck.add(path);
    if (unitTest.test(path)) {
      tests.add(path);
      continue;
    }
    const own = (importers.get(path) ?? []).filter((importer) => unitTest.test(importer));
    for (const importer of importers.get(path) ?? []) typecheck.add(importer);
    const stem = `${basename(path).replace(typescript, '')}.`;
    const siblings = paths.filter((other) => unitTest.test(other) && dirname(other) === dirname(path));
    own.push(...siblings.filter((sibling) => basename(sibling).startsWith(stem)));
    // A module no test names (a feature's routes, tried through the app): its folder's tests.
    for (const test of own.length > 0 ? own : siblings) tests.add(test);
  }
  if (typecheck.size > 0) for (const [path, text] of modules) if (ambient(path, text)) typecheck.add(path);
  return { tests: [...tests].sort(), typecheck: [...typecheck].sort() };
}
