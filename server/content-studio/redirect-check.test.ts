import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Redirect } from '../../src/content/types.gen.ts';
import { readServerRoutes, serverPathMatcher } from '../http/server-paths.ts';
import { repositoryRoot } from '../repository-root.ts';
import { checkContent, formatProblem } from './content-check.ts';
import { checkRedirects } from './redirect-check.ts';

const routes = new Set(['/', '/blog', '/about', '/services']);
const moved = (from: string, to: string): Redirect => ({ from, to, status: 301 });
const isServerPath = serverPathMatcher(readServerRoutes());
const messages = (redirects: Redirect[]) =>
  checkRedirects(redirects, routes, isServerPath).map(({ pointer, message }) => `${pointer}: ${message}`);

describe('checking content/redirects.json', () => {
  it('accepts redirects to pages, the blog and posts', () => {
    expect(
      messages([moved('/blog-detail', '/blog'), moved('/team', '/about'), moved('/old-post', '/blogs/a-post')]),
    ).toEqual([]);
  });

  it('refuses a loop', () => {
    expect(messages([moved('/a', '/b'), moved('/b', '/a')])).toEqual([
      '/redirects/0/to: redirects loop: /a -> /b -> /a',
      '/redirects/1/to: redirects loop: /b -> /a -> /b',
    ]);
    expect(messages([moved('/a', '/a')])).toEqual(['/redirects/0/to: "/a" redirects to itself']);
  });

  it('refuses a chain and names the address to point at', () => {
    expect(messages([moved('/a', '/b'), moved('/b', '/about')])).toEqual([
      '/redirects/0/to: "/b" is redirected again (/a -> /b -> /about): point "/a" at "/about" directly',
    ]);
  });

  it('refuses a target that is no route', () => {
    expect(messages([moved('/a', '/nowhere')])).toEqual([
      '/redirects/0/to: leads to "/nowhere", which is no route of the site',
    ]);
  });

  it('refuses a from that would hide a route of the site', () => {
    expect(messages([moved('/about', '/blog'), moved('/blogs/a-post', '/blog'), moved('/api/blogs', '/blog')])).toEqual(
      [
        '/redirects/0/from: "/about" is a route of the site: a redirect would hide it',
        '/redirects/1/from: "/blogs/a-post" is a route of the site: a redirect would hide it',
        '/redirects/2/from: "/api/blogs" is a route of the site: a redirect would hide it',
      ],
    );
  });

  it('refuses a from that any route of the server answers: the probe’s newsletter links and the blog’s archives', () => {
    const probe = [
      '/newsletter/unsubscribe',
      '/newsletter/confirm',
      '/newsletter/resubscribe',
      '/blog/tag/seo',
      '/blog/category/guides',
      '/blog/author/priya-menon',
      '/healthz',
      '/media/photo.webp',
    ];
    expect(messages(probe.map((from) => moved(from, '/about')))).toEqual(
      probe.map(
        (from, index) => `/redirects/${index}/from: "${from}" is a route of the site: a redirect would hide it`,
      ),
    );
  });

  it('refuses the same from twice', () => {
    expect(messages([moved('/a', '/blog'), moved('/a', '/about')])).toEqual([
      '/redirects/1/from: "/a" is redirected more than once',
    ]);
  });

  it('is part of content:check, with the file and pointer of each problem, schema errors included', () => {
    const root = mkdtempSync(join(tmpdir(), 'redirects-check-'));
    try {
      cpSync(join(repositoryRoot, 'content'), join(root, 'content'), { recursive: true });
      symlinkSync(join(repositoryRoot, 'public'), join(root, 'public'));
      const file = join(root, 'content', 'redirects.json');
      const redirects = [
        { from: '/blog-detail', to: '/blog', status: 302 },
        { from: '/about', to: '/nowhere', status: 301 },
      ];
      writeFileSync(file, JSON.stringify({ $schema: '../schemas/redirects.schema.json', redirects }));
      expect(checkContent({ root }).problems.map(formatProblem)).toEqual([
        'content/redirects.json /redirects/0/status: must be one of 301, 308',
      ]);
      redirects[0]!.status = 308;
      writeFileSync(file, JSON.stringify({ $schema: '../schemas/redirects.schema.json', redirects }));
      expect(checkContent({ root }).problems.map(formatProblem)).toEqual([
        'content/redirects.json /redirects/1/from: "/about" is a route of the site: a redirect would hide it',
        'content/redirects.json /redirects/1/to: leads to "/nowhere", which is no route of the site',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
