import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf, type CatalogedRoute } from '../http/route-catalog.ts';
import { createTestApp, sameOrigin, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A concrete address for a route pattern: the guard answers before parameters are validated. */
function addressOf(route: CatalogedRoute): string {
  return route.url.replace(/:[A-Za-z]+/g, 'some-id').replace(/\*$/, 'anything');
}

/** Routes that need a signed-in member (any permission), the catch-alls for unknown addresses aside. */
function adminOnlyRoutes(): CatalogedRoute[] {
  return routesOf(testApp.app).filter((route) => route.access !== 'anyone' && !route.url.endsWith('/*'));
}

function visitorRequest(route: CatalogedRoute, cookie?: string) {
  const unsafe = !safeMethods.has(route.method);
  return testApp.app.inject({
    method: route.method,
    url: addressOf(route),
    headers: { ...(unsafe ? sameOrigin : {}), ...(cookie ? { cookie } : {}) },
  });
}

describe('routes that need a permission, declared in their route options', () => {
  it('include the reads of drafts, images, history, activity, sessions and the signed-in admin', () => {
    const reads = adminOnlyRoutes()
      .filter((route) => route.method === 'GET')
      .map((route) => route.url);
    expect(reads).toEqual(
      expect.arrayContaining([
        '/api/blogs/:id/revisions',
        '/api/blogs/:id/revisions/:revisionId',
        '/api/auth/me',
        '/api/auth/2fa',
        '/api/auth/sessions',
        '/api/audit',
        '/api/media',
        '/api/media/:id',
      ]),
    );
  });

  it('refuse a visitor with the same 401, for every method of every one of them', async () => {
    const routes = adminOnlyRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const response = await visitorRequest(route);
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      expect(response.headers['cache-control']).toBe('no-store');
      if (route.method !== 'HEAD') {
        expect(response.json()).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Sign in to do this.',
          details: [],
        });
      }
    }
  });

  it('let a signed-in admin past the guard on every one of them', async () => {
    const cookie = await signIn(testApp.app);
    for (const route of adminOnlyRoutes()) {
      const response = await visitorRequest(route, cookie);
      expect({ route: `${route.method} ${route.url}`, refused: response.statusCode === 401 }).toEqual({
        route: `${route.method} ${route.url}`,
        refused: false,
      });
    }
  });

  it('refuse a visitor who asks the public listing for drafts with the same 401', async () => {
    const response = await testApp.app.inject({ url: '/api/blogs?status=draft' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Sign in to do this.' });
  });
});
