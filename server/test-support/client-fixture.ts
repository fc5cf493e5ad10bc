import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { temporaryDirectory } from './test-app.ts';

const filler = (length: number) => `<!-- ${'padding so that the file is worth compressing '.repeat(length / 48)} -->`;

export const fixturePages = {
  spa: `<!doctype html><html><head><title>SPA shell</title></head><body><div id="root"></div>${filler(2000)}</body></html>`,
  about: '<!doctype html><html><head><title>About, prerendered</title></head><body><h1>About</h1></body></html>',
};

export const fixtureAsset = { path: '/assets/app-Ab12Cd34.js', body: `console.log(${JSON.stringify(filler(4000))});` };

/** A small stand-in for the site's build (dist/client), written to a fresh temporary folder. */
export function createClientFixture(): string {
  const root = temporaryDirectory('northbeam-client-');
  const files: Record<string, string> = {
    'index.html': fixturePages.spa,
    'about/index.html': fixturePages.about,
    [fixtureAsset.path.slice(1)]: fixtureAsset.body,
    'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
    'routes.json': JSON.stringify(['/', '/about', '/contact']),
    '.vite/manifest.json': '{}',
  };
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), body);
  }
  return root;
}
