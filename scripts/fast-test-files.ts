/**
 * What `npm run test:fast` runs for the changes since a base (`main` by default; committed, uncommitted and new files
 * alike): prints the unit and API test files, one a line (scripts/lib/fast-test-files.ts says how they are chosen),
 * and with `--tsconfig FILE` writes a TypeScript project of the modules to typecheck, or removes FILE when no module
 * changed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
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
const { tests, typecheck } = fastTestFiles(readModules(repoRoot), changed);
if (tsconfig) {
  if (typecheck.length === 0) rmSync(tsconfig, { force: true });
  else {
    const from = (path: string) => relative(dirname(tsconfig), path);
    const project = { extends: from('tsconfig.json'), include: [], files: typecheck.map(from) };
    writeFileSync(tsconfig, `${JSON.stringify(project, null, 2)}\n`);
  }
}
if (tests.length > 0) console.log(tests.join('\n'));
