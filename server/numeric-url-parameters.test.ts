import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from './http/errors.ts';
import { routesOf, type CatalogedRoute } from './http/route-catalog.ts';
import { numericProperties, urlNumber } from './http/url-numbers.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from './test-support/test-app.ts';

/** Texts that Number() or ajv's coercion take for numbers, but that are not a plain whole number in bounds. */
const notPlainNumbers = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '1e2',
  '9007199254740993',
  '-0',
  '0x10',
  '0b1',
  ' 1',
  '1 ',
  '+1',
  '01',
  '1.0',
  '1.5',
  '１',
  '٣',
  '',
  '1,2',
];

// A route with a numeric path parameter, so that the table also covers paths before such API routes exist.
const numericPathRoute: FastifyPluginAsync = async (app) => {
  app.get(
    '/test-only/pages/:page',
    {
      schema: {
        params: {
          type: 'object',
          required: ['page'],
          properties: { page: { type: 'integer', minimum: 1, maximum: 1000 } },
        },
      },
    },
    async (request) => request.params,
  );
};

let testApp: TestApp;
let cookie: string;

beforeAll(async () => {
  testApp = await createTestApp({ routesForTests: numericPathRoute });
  cookie = await signIn(testApp.app);
});

afterAll(() => testApp.close());

interface NumericParameter {
  route: CatalogedRoute;
  part: 'querystring' | 'params';
  name: string;
  /** A value inside the bounds. */
  valid: string;
}

function numericParameters(routes: readonly CatalogedRoute[]): NumericParameter[] {
  const found: NumericParameter[] = [];
  for (const route of routes) {
    for (const part of ['querystring', 'params'] as const) {
      const schema = route.schema?.[part] as { properties?: Record<string, { minimum?: number }> } | undefined;
      for (const name of numericProperties(schema).keys()) {
        found.push({ route, part, name, valid: String(schema?.properties?.[name]?.minimum ?? 1) });
      }
    }
  }
  return found;
}

/** The route's address with `value` for the parameter under test and a plausible value for the others. */
function addressFor({ route, part, name }: NumericParameter, value: string, valid: string): string {
  const numeric = numericProperties(route.schema?.params);
  const path = route.url.replace(/:(\w+)/g, (_match, param: string) => {
    if (part === 'params' && param === name) return encodeURIComponent(value);
    return numeric.has(param) ? valid : 'some-post';
  });
  return part === 'querystring' ? `${path}?${name}=${encodeURIComponent(value)}` : path;
}

describe('numbers in addresses', () => {
  it('takes only plain whole numbers that a double holds exactly', () => {
    expect(urlNumber('0', 'integer')).toBe(0);
    expect(urlNumber('-12', 'integer')).toBe(-12);
    expect(urlNumber('9007199254740991', 'integer')).toBe(9007199254740991);
    expect(urlNumber('2.5', 'number')).toBe(2.5);
    expect(Object.is(urlNumber('-0.0', 'number'), 0)).toBe(true);
    for (const text of notPlainNumbers) expect(urlNumber(text, 'integer'), text).toBeUndefined();
  });

  it('finds the numeric parameters of the API in the routes themselves', () => {
    const names = numericParameters(routesOf(testApp.app)).map(({ route, name }) => `${route.url} ${name}`);
    expect(names).toEqual(
      expect.arrayContaining(['/api/blogs/ limit', '/api/blogs/ offset', '/test-only/pages/:page page']),
    );
  });

  it('refuses each non-plain number with a 400 naming the parameter, on every route that takes one', async () => {
    const parameters = numericParameters(routesOf(testApp.app));
    const failures: string[] = [];
    for (const parameter of parameters) {
      const method = parameter.route.method;
      for (const value of notPlainNumbers) {
        const url = addressFor(parameter, value, parameter.valid);
        const response = await testApp.app.inject(asAdmin(cookie, { method, url }));
        const named =
          method === 'HEAD' ||
          response.json<ErrorBody>().details?.some((detail) => detail.path === `/${parameter.name}`);
        if (response.statusCode !== 400 || !named) failures.push(`${method} ${url}: ${response.statusCode}`);
      }
      // The same address with a number in bounds is not refused for that parameter.
      const url = addressFor(parameter, parameter.valid, parameter.valid);
      const response = await testApp.app.inject(asAdmin(cookie, { method, url }));
      // A HEAD answer has no body to name a parameter: its GET twin is checked for that.
      const refusedForIt =
        response.statusCode === 400 &&
        method !== 'HEAD' &&
        response.json<ErrorBody>().details.some((detail) => detail.path === `/${parameter.name}`);
      if (refusedForIt || response.statusCode >= 500) failures.push(`${method} ${url}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('explains the refusal in words', async () => {
    const response = await testApp.app.inject({ url: '/api/blogs?limit=Infinity&offset=1e400' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().details).toEqual([
      { path: '/limit', message: 'must be a whole number written in plain digits (like 20), within its limits' },
      { path: '/offset', message: 'must be a whole number written in plain digits (like 20), within its limits' },
    ]);
  });

  it('still reads a number repeated once as a list, and refuses two', async () => {
    expect((await testApp.app.inject({ url: '/api/blogs?limit=2' })).statusCode).toBe(200);
    expect((await testApp.app.inject({ url: '/api/blogs?limit=2&limit=3' })).statusCode).toBe(400);
    expect((await testApp.app.inject({ url: '/api/blogs?limit=101' })).statusCode).toBe(400);
  });
});
