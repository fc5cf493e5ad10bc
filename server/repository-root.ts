import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The nearest folder holding package.json: server/ when run from source, and also from a bundle of the server. */
function findRepositoryRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const repositoryRoot = findRepositoryRoot(import.meta.dirname);
