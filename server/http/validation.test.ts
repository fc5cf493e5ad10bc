import { describe, expect, it } from 'vitest';
import { schemaController } from './validation.ts';

type Compiler = (route: {
  schema: object;
  httpPart: string;
  url: string;
  method: string;
}) => ((data: unknown) => boolean) & { errors?: unknown[] | null };

const nameId = 'https://northbeam.example/test/name.schema.json';
const sharedSchemas = () => ({ [nameId]: { $id: nameId, type: 'string', minLength: 1 } });
const body = () => ({
  type: 'object',
  properties: { name: { $ref: nameId }, count: { type: 'integer' } },
  required: ['name'],
  additionalProperties: false,
});

/** The compiler an app gets from the controller, as Fastify asks for it as each app starts. */
const compilerOfAnApp = () =>
  (schemaController.compilersFactory!.buildValidator as unknown as (schemas: object) => Compiler)(sharedSchemas());

describe("the routes' schema checks", () => {
  it('are compiled once for all the apps of a process that declare the same shared schemas', () => {
    const first = compilerOfAnApp()({ schema: body(), httpPart: 'body', url: '/a', method: 'POST' });
    const second = compilerOfAnApp()({ schema: body(), httpPart: 'body', url: '/b', method: 'POST' });
    expect(second).toBe(first);
  });

  it('still refuse what breaks them, and stay apart for another part of the request or another schema', () => {
    const compile = compilerOfAnApp();
    const validate = compile({ schema: body(), httpPart: 'body', url: '/a', method: 'POST' });
    expect(validate({ name: 'Ada', count: 2 })).toBe(true);
    expect(validate({ name: '' })).toBe(false);
    expect(JSON.stringify(validate.errors)).toContain('minLength');
    expect(validate({ name: 'Ada', extra: true })).toBe(false);
    // In a query string numbers come as text and are converted; in a body they are not.
    const query = compile({ schema: body(), httpPart: 'querystring', url: '/a', method: 'GET' });
    expect(query).not.toBe(validate);
    expect(query({ name: 'Ada', count: '2' })).toBe(true);
    expect(validate({ name: 'Ada', count: '2' })).toBe(false);
    const other = compile({ schema: { ...body(), required: [] }, httpPart: 'body', url: '/c', method: 'POST' });
    expect(other).not.toBe(validate);
    expect(other({})).toBe(true);
    expect(validate({})).toBe(false);
  });
});
