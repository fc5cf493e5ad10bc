/**
 * Docs that stay true: every repository file a doc or a code comment names must exist. Checks markdown links in the
 * repository's own .md files, paths in backticks (`server/app.ts`) there and in the comments of code, and the shared
 * documents (../shared/DESIGN.md and its siblings), which live beside the repository and are cited with that folder.
 * Prints each dangling reference as file:line and exits 1 when there is one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sharedDocuments = ['DESIGN.md', 'SPEC.md', 'STYLE.md', 'TOOLCHAIN.md'];
const topFolders = ['server', 'src', 'scripts', 'tests', 'docs', 'schemas', 'content', 'public', '.ci'];

export interface DanglingReference {
  file: string;
  line: number;
  reference: string;
  why: string;
}

const pathPattern = new RegExp(
  `\`((?:${topFolders.map((f) => f.replace('.', '\\.')).join('|')})/[\\w./@+-]*\\w)\``,
  'g',
);
const sharedPattern = new RegExp(
  `(?<![\\w/.-])(?:\\.\\./shared/)?(${sharedDocuments.join('|').replace(/\./g, '\\.')})`,
  'g',
);

/** Whether a path of the repository exists, allowing the generated and built files CI makes before it reads them. */
function exists(path: string): boolean {
  if (/[*{}<>]/.test(path)) return true;
  return existsSync(join(root, path));
}

/** The comment text of a line of code (after `//`, or inside a block comment), or the whole line of a doc. */
function checkText(file: string, text: string, isMarkdown: boolean): DanglingReference[] {
  const found: DanglingReference[] = [];
  text.split('\n').forEach((line, index) => {
    const place = { file, line: index + 1 };
    const checked = isMarkdown ? line : commentOf(line);
    if (checked === null) return;
    for (const match of checked.matchAll(pathPattern)) {
      if (!exists(match[1]!)) found.push({ ...place, reference: match[1]!, why: 'no such file in the repository' });
    }
    for (const match of checked.matchAll(sharedPattern)) {
      if (!match[0].startsWith('../shared/')) {
        found.push({ ...place, reference: match[0], why: `not in the repository: cite it as ../shared/${match[1]}` });
      }
    }
    if (isMarkdown) {
      for (const match of line.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        const target = match[1]!;
        if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
        const resolved = relative(root, join(root, dirname(file), target));
        if (resolved.startsWith('../shared/')) continue;
        if (!existsSync(join(root, resolved)))
          found.push({ ...place, reference: target, why: 'the link leads nowhere' });
      }
    }
  });
  return found;
}

let inBlock = false;
function commentOf(line: string): string | null {
  const trimmed = line.trim();
  if (inBlock) {
    if (trimmed.includes('*/')) inBlock = false;
    return line;
  }
  if (trimmed.startsWith('/*')) {
    inBlock = !trimmed.includes('*/');
    return line;
  }
  const slashes = line.indexOf('// ');
  return slashes >= 0 ? line.slice(slashes) : null;
}

/** The dangling references in one file's text; `file` is its path in the repository. */
export function danglingIn(file: string, text: string): DanglingReference[] {
  inBlock = false;
  return checkText(file, text, file.endsWith('.md'));
}

export function danglingReferences(files: string[]): DanglingReference[] {
  return files.flatMap((file) => danglingIn(file, readFileSync(join(root, file), 'utf8')));
}

function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return (
    listed
      .split('\n')
      .filter((file) => /\.(md|ts|tsx|js|css)$/.test(file) && !/\.gen\.|^node_modules\//.test(file))
      // Its test cites missing files on purpose.
      .filter((file) => file !== 'scripts/check-doc-references.test.ts')
      .filter((file) => existsSync(join(root, file)))
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = danglingReferences(trackedFiles());
  for (const { file, line, reference, why } of problems) console.error(`${file}:${line}: ${reference}: ${why}`);
  if (problems.length > 0) {
    console.error(`check-doc-references: ${problems.length} reference(s) to files that do not exist`);
    process.exit(1);
  }
  console.log('check-doc-references: every file the docs and comments name exists');
}
