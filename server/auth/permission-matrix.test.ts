import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamRole } from '../../src/content/types.gen.ts';
import { can, permissionMeanings, teamRoles, type Permission } from '../../src/domain/team-permissions.ts';
import { routesOf, type CatalogedRoute } from '../http/route-catalog.ts';
import { addMember } from '../test-support/team.ts';
import { createTestApp, sameOrigin, signIn, type TestApp } from '../test-support/test-app.ts';
import type { RouteAccess } from './guard.ts';

/** The role table of the team (docs/team.md), column by column: who holds each permission. */
const rolesWith: Record<Permission, TeamRole[]> = {
  account: ['owner', 'administrator', 'editor', 'author', 'contributor'],
  posts: ['owner', 'administrator', 'editor', 'author', 'contributor'],
  'posts:own': ['owner', 'administrator', 'editor', 'author'],
  'posts:others': ['owner', 'administrator', 'editor'],
  'posts:publish': ['owner', 'administrator', 'editor', 'author'],
  media: ['owner', 'administrator', 'editor', 'author', 'contributor'],
  'media:own': ['owner', 'administrator', 'editor', 'author'],
  'media:others': ['owner', 'administrator', 'editor'],
  comments: ['owner', 'administrator', 'editor'],
  content: ['owner', 'administrator', 'editor'],
  leads: ['owner', 'administrator'],
  audience: ['owner', 'administrator'],
  newsletter: ['owner', 'administrator', 'editor'],
  'users:invite': ['owner', 'administrator', 'editor'],
  users: ['owner', 'administrator'],
  security: ['owner', 'administrator'],
  admin: ['owner', 'administrator'],
};

/** Every API route and the permission it needs. A route added without its line here fails the first test. */
const routeAccess: Record<string, RouteAccess> = {
  'GET /api/blogs': 'anyone',
  'GET /api/blogs/slug/:slug': 'anyone',
  'GET /api/blogs/:id': 'anyone',
  'POST /api/blogs': 'posts',
  'PUT /api/blogs/:id': 'posts',
  'DELETE /api/blogs/:id': 'posts',
  'POST /api/blogs/:id/review': 'posts',
  'GET /api/blogs/:id/revisions': 'posts',
  'GET /api/blogs/:id/revisions/:revisionId': 'posts',
  'GET /api/authors/:slug': 'anyone',
  'POST /api/auth/login': 'anyone',
  'POST /api/auth/logout': 'anyone',
  'POST /api/auth/2fa/verify': 'anyone',
  'POST /api/auth/sign-in-link': 'anyone',
  'POST /api/auth/sign-in-link/:token': 'anyone',
  'GET /api/auth/me': 'account',
  'GET /api/auth/2fa': 'account',
  'POST /api/auth/2fa/setup': 'account',
  'POST /api/auth/2fa/enable': 'account',
  'POST /api/auth/2fa/disable': 'account',
  'GET /api/auth/sessions': 'account',
  'DELETE /api/auth/sessions/:id': 'account',
  'DELETE /api/auth/sessions': 'account',
  'POST /api/auth/password': 'account',
  'GET /api/audit': 'security',
  'POST /api/media': 'media',
  'GET /api/media': 'media',
  'GET /api/media/:id': 'media',
  'PATCH /api/media/:id': 'media:own',
  'DELETE /api/media/:id': 'media:own',
  'GET /api/authors': 'posts:others',
  'GET /api/users': 'users',
  'PATCH /api/users/:id': 'account',
  'DELETE /api/users/:id': 'users',
  'POST /api/invitations': 'users:invite',
  'GET /api/invitations': 'users',
  'DELETE /api/invitations/:id': 'users',
  'GET /api/invitations/:token': 'anyone',
  'POST /api/invitations/:token/accept': 'anyone',
  'GET /api/form-token': 'anyone',
  'POST /api/enquiries': 'anyone',
  'POST /api/applications': 'anyone',
  'POST /api/lead-confirmations': 'anyone',
  'POST /api/subscribers': 'anyone',
  'GET /api/subscribers': 'audience',
  'GET /api/subscribers/export.csv': 'audience',
  'POST /api/subscribers/import': 'audience',
  'DELETE /api/subscribers/:id': 'audience',
  'GET /api/blogs/:id/newsletter': 'newsletter',
  'GET /api/blogs/:id/newsletter/preview': 'newsletter',
  'POST /api/blogs/:id/newsletter': 'newsletter',
  'GET /api/newsletters/:id': 'newsletter',
  'POST /api/newsletters/:id/pause': 'newsletter',
  'POST /api/newsletters/:id/resume': 'newsletter',
  'POST /api/newsletters/:id/cancel': 'newsletter',
  'GET /api/leads': 'leads',
  'GET /api/leads/export.csv': 'leads',
  'GET /api/leads/:id': 'leads',
  'PATCH /api/leads/:id': 'leads',
  'DELETE /api/leads/:id': 'leads',
  'GET /api/leads/:id/cv': 'leads',
  'GET /api/privacy/export': 'leads',
  'POST /api/privacy/erase': 'leads',
  'POST /api/collect': 'anyone',
  'GET /api/stats': 'admin',
  'GET /api/stats/export.csv': 'admin',
  'GET /api/blogs/:id/comments': 'anyone',
  'POST /api/blogs/:id/comments': 'anyone',
  'GET /api/comments': 'comments',
  'PATCH /api/comments/:id': 'comments',
  'POST /api/comments/bulk': 'comments',
  'POST /api/comments/:id/replies': 'comments',
  'POST /api/comments/:id/enquiry': 'comments',
  'GET /api/content': 'content',
  'GET /api/content/status': 'content',
  'GET /api/content/:id': 'content',
  'PUT /api/content/:id': 'content',
  'GET /api/content/:id/history': 'content',
  'GET /api/content/images': 'content',
  'GET /api/content/:id/at/:commit': 'content',
  'POST /api/content/:id/restore': 'content',
  'GET /api/openapi.json': 'anyone',
};

let testApp: TestApp;
const cookies = new Map<TeamRole, string>();

beforeAll(async () => {
  testApp = await createTestApp();
  const ownerCookie = await signIn(testApp.app);
  cookies.set('owner', ownerCookie);
  for (const role of teamRoles.filter((role) => role !== 'owner')) {
    cookies.set(role, (await addMember(testApp.app, ownerCookie, role)).cookie);
  }
});
afterAll(() => testApp.close());

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const catchAll = new Set(['/api', '/api/*']);

function apiRoutes(): CatalogedRoute[] {
  return routesOf(testApp.app).filter(
    (route) => route.url.startsWith('/api') && !catchAll.has(route.url) && route.method !== 'HEAD',
  );
}

function key(route: CatalogedRoute): string {
  return `${route.method} ${route.url}`;
}

function request(route: CatalogedRoute, cookie?: string) {
  const unsafe = !safeMethods.has(route.method);
  return testApp.app.inject({
    method: route.method,
    url: route.url.replace(/:[A-Za-z]+/g, 'some-id'),
    headers: { ...(unsafe ? sameOrigin : {}), ...(cookie ? { cookie } : {}) },
  });
}

describe('the permission matrix', () => {
  it('gives each role exactly the permissions of the role table', () => {
    expect(Object.keys(rolesWith).sort()).toEqual(Object.keys(permissionMeanings).sort());
    for (const [permission, roles] of Object.entries(rolesWith) as [Permission, TeamRole[]][]) {
      expect({ permission, roles: teamRoles.filter((role) => can(role, permission)) }).toEqual({ permission, roles });
    }
  });

  it('has a permission declared for every API route, as the table expects', () => {
    const declared = Object.fromEntries(apiRoutes().map((route) => [key(route), route.access]));
    expect(declared).toEqual(routeAccess);
  });

  it('lets through exactly the roles holding each route’s permission, and refuses the others with 403 naming it', async () => {
    for (const route of apiRoutes()) {
      const access = routeAccess[key(route)];
      if (access === undefined || access === 'anyone') continue;
      const visitor = await request(route);
      expect({ route: key(route), status: visitor.statusCode }).toEqual({ route: key(route), status: 401 });
      for (const role of teamRoles) {
        const response = await request(route, cookies.get(role));
        const refusedByGuard =
          response.statusCode === 403 && response.json<{ message: string }>().message.includes('permission');
        const allowed = rolesWith[access].includes(role);
        expect({ route: key(route), role, refusedByGuard }).toEqual({
          route: key(route),
          role,
          refusedByGuard: !allowed,
        });
        expect(response.statusCode).toBeLessThan(500);
        if (!allowed) {
          expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
          expect(response.json<{ message: string }>().message).toContain(`"${access}"`);
          expect(response.headers['cache-control']).toBe('no-store');
        }
      }
    }
  });
});
