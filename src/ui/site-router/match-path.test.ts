// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { matchPath, patternScore } from './match-path.ts';

describe('matchPath', () => {
  it('matches a static path in any case, with or without a trailing slash', () => {
    expect(matchPath('/about', '/about')).toEqual({});
    expect(matchPath('/about', '/About/')).toEqual({});
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/about', '/about/team')).toBeNull();
    expect(matchPath('/about/team', '/about')).toBeNull();
    expect(matchPath('/', '/about')).toBeNull();
  });

  it('gives the value of each :name segment, decoded', () => {
    expect(matchPath('/blogs/:slug', '/blogs/local-seo')).toEqual({ slug: 'local-seo' });
    expect(matchPath('/blog/tag/:name', '/blog/tag/caf%C3%A9')).toEqual({ name: 'café' });
    expect(matchPath('/blog/tag/:name', '/blog/tag/%E0%A4')).toEqual({ name: '%E0%A4' });
    expect(matchPath('/blogs/:slug', '/blogs')).toBeNull();
    expect(matchPath('/blogs/:slug', '/blogs/a/b')).toBeNull();
  });

  it('matches anything under *, keeping the rest of the path', () => {
    expect(matchPath('*', '/')).toEqual({ '*': '' });
    expect(matchPath('*', '/no/such/page')).toEqual({ '*': 'no/such/page' });
  });
});

describe('patternScore', () => {
  it('ranks a static segment over a parameter over *', () => {
    expect(patternScore('/blog/tag')).toBeGreaterThan(patternScore('/blog/:kind'));
    expect(patternScore('/blog/:kind')).toBeGreaterThan(patternScore('*'));
  });
});
