// `npm start`: builds the site when there is no build yet, or when what the build is made from (src/, content/,
// schemas/, public/, index.html, vite.config.ts) changed after it, then runs the server (TypeScript, through tsx) in
// this same process, so that SIGTERM and SIGINT reach the server's own handlers.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { whyBuild } from './lib/build-freshness.mjs';

const root = join(import.meta.dirname, '..');
// React renders pages on the server several times faster in production mode.
process.env.NODE_ENV ??= 'production';

const why = process.env.CLIENT_DIR ? null : whyBuild(root);
if (why) {
  console.log(`${why}: running \`npm run build\` first.`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed, so the server was not started.');
    process.exit(build.status ?? 1);
  }
}

register();
await import('../server/main.ts');
