import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError, registerErrorHandler, validationDetails } from './errors.ts';

describe('the error handler', () => {
  async function appThrowing(error: unknown) {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/', async () => {
      throw error;
    });
    return app;
  }

  it('sends an HttpError as it is, with its headers', async () => {
    const app = await appThrowing(new HttpError(429, 'Slow down.', [], { 'retry-after': '60' }));
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Slow down.',
      details: [],
    });
  });

  it('hides the message and the stack of an unexpected error', async () => {
    const app = await appThrowing(new Error('connection string postgres://user:secret@db'));
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    const requestId = response.json<{ requestId: string }>().requestId;
    expect(requestId).toMatch(/\S/);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: `Something went wrong on our side. Please try again later, and quote ${requestId} if you report it.`,
      details: [],
      requestId,
    });
  });
});

describe('validationDetails', () => {
  it('names each field once, including missing and unknown ones', () => {
    const details = validationDetails([
      {
        keyword: 'required',
        instancePath: '',
        schemaPath: '',
        params: { missingProperty: 'title' },
        message: "must have required property 'title'",
      },
      {
        keyword: 'additionalProperties',
        instancePath: '',
        schemaPath: '',
        params: { additionalProperty: 'views' },
        message: 'must NOT have additional properties',
      },
      {
        keyword: 'format',
        instancePath: '/publishedAt',
        schemaPath: '',
        params: {},
        message: 'must match format "date-time"',
      },
      {
        keyword: 'anyOf',
        instancePath: '/publishedAt',
        schemaPath: '',
        params: {},
        message: 'must match a schema in anyOf',
      },
    ]);
    expect(details).toEqual([
      { path: '/title', message: "must have required property 'title'" },
      { path: '/views', message: 'is not an accepted field' },
      { path: '/publishedAt', message: 'must match format "date-time"' },
    ]);
  });
});
