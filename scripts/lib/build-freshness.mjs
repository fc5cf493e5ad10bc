// Whether `npm start` must build the site first: plain JavaScript, since it runs before tsx is registered.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build is made from: a change to any of them after the build makes the build old. */
export const buildSources = ['src', 'content', 'schemas', 'public', 'index.html', 'vite.config.ts'];

/** The newest change among the build's sources under `root`, in milliseconds since the epoch. */
function newestSource(root) {
  let newest = 0;
  for (const source of buildSources) {
    const path = join(root, source);
    if (!existsSync(path)) continue;
    const files = statSync(path).isDirectory()
      ? readdirSync(path, { recursive: true }).map((file) => join(path, String(file)))
      : [path];
    for (const file of files) {
      // A folder's time changes with what is added to it, build outputs included: files alone count.
      const stats = statSync(file);
      if (stats.isFile()) newest = Math.max(newest, stats.mtimeMs);
    }
  }
  return newest;
}

/**
 * Why the checkout at `root` needs `npm run build` before the server starts, in words, or null when its build is
 * current: there is none yet, or a source changed after it was made.
 * @param {string} root
 * @returns {string | null}
 */
export function whyBuild(root) {
  const builtPage = join(root, 'dist', 'client', 'index.html');
  if (!existsSync(builtPage)) return 'No build of the site yet';
  if (newestSource(root) > statSync(builtPage).mtimeMs) return 'The site changed since its last build';
  return null;
}
