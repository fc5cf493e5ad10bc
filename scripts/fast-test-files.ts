/**
 * What `npm run test:fast` runs for the changes since a base (`main` by default; committed, uncommitted and new files
 * alike): prints the unit and API test files, one a line (scripts/lib/fast-test-files.ts says how they are chosen),
 * and with `--tsconfig FILE` writes a TypeScript project of the modules to typecheck, or removes FILE when no module
 * changed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './lib/content.ts';
import { fastTestFiles } from './lib/fast-test-files.ts';
import { readModules } from './lib/import-cycles.ts';

process.chdir(repoRoot);
const args = process.argv.slice(2);
const tsconfigAt = args.indexOf('--tsconfig');
const tsconfig = tsconfigAt >= 0 ? args.splice(tsconfigAt, 2)[1] : undefined;
const base = args[0] ?? 'main';
const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { encoding: 'utf8' }).split('\n').filter(Boolean);

const since = git('merge-base', base, 'HEAD')[0]!;
const changed = [...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')].filter(
  (path) => existsSync(path),
);
const modules = readModules(repoRoot);
const { tests, typecheck } = fastTestFiles(modules, changed);

/**
 * The packages the code imports whose types add to another package's (`declare module 'fastify'` in @fastify/swagger
 * gives route schemas `consumes`): named in the project's `types`, since the module importing them may not be checked.
 */
function augmentingPackages(): string[] {
  const names = new Set<string>();
  for (const text of modules.values()) {
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const name = /^(@[^/]+\/[^/]+|[^./@][^/]*)/.exec(fileName)?.[1];
      if (name) names.add(name);
    }
  }
  return [...names].sort().filter((name) => {
    try {
      const folder = join('node_modules', name);
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { types?: string };
      return (
        manifest.types !== undefined && /^declare module ['"]/m.test(readFileSync(join(folder, manifest.types), 'utf8'))
      );
    } catch {
      return false;
    }
  });
}

if (tsconfig) {
  if (typecheck.length === 0) rmSync(tsconfig, { force: true });
  else {
    const from = (path: string) => relative(dirname(tsconfig), path);
    const { compilerOptions } = JSON.parse(readFileSync('tsconfig.json', 'utf8')) as {
      compilerOptions: { types: string[] };
    };
    const project = {
      extends: from('tsconfig.json'),
      compilerOptions: { types: [...compilerOptions.types, ...augmentingPackages()] },
      include: [],
      files: typecheck.map(from),
    };
    writeFileSync(tsconfig, `${JSON.stringify(project, null, 2)}\n`);
  }
}
if (tests.length > 0) console.log(tests.join('\n'));
