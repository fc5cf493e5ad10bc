import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addApiSchemas, schemaRef } from './api-schemas.ts';
import { openApiOptions } from './openapi.ts';
import { ApiContract, checkAnswersAgainstContract } from '../test-support/api-contract.ts';
import { postInput } from '../test-support/posts.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

let test: TestApp;
let doc: Document;

beforeAll(async () => {
  test = await createTestApp();
  const response = await test.app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  doc = response.json();
});
afterAll(() => test.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('GET /api/openapi.json', () => {
  it('is a public OpenAPI 3.1 document of every API route, and of nothing else', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/logout',
        '/api/auth/me',
        '/api/blogs',
        '/api/blogs/slug/{slug}',
        '/api/blogs/{id}',
        '/healthz',
      ]),
    );
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/') || path === '/healthz')).toBe(true);
    expect(Object.keys(doc.paths)).not.toContain('/api/openapi.json');
  });

  it('gives every operation a success answer and the JSON error shape for every refusal', () => {
    for (const { path, method, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((status) => /^2/.test(status)),
        `${method} ${path}`,
      ).toBe(true);
      for (const status of statuses.filter((code) => /^[45]/.test(code))) {
        expect(
          operation.responses[status]!.content!['application/json']!.schema,
          `${method} ${path} ${status}`,
        ).toEqual({ $ref: '#/components/schemas/ApiError' });
      }
    }
  });

  it('holds schemas that compile as JSON Schema 2020-12, with every reference resolved', () => {
    const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addKeyword('example').addKeyword('components').addKeyword('x-permission');
    const root = { $id: 'https://northbeam.example/openapi.json', components: doc.components };
    ajv.addSchema(root);
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => ajv.getSchema(`${root.$id}#/components/schemas/${name}`)).not.toThrow();
    }
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const name = /#\/components\/schemas\/(.+)"$/.exec(ref)?.[1];
      expect(name && doc.components.schemas[name], ref).toBeTruthy();
    }
  });
});

describe('the API contract check used by every API test', () => {
  const answer = (statusCode: number, body: unknown) =>
    ({ statusCode, headers: {}, body: body === undefined ? '' : JSON.stringify(body) }) as LightMyRequestResponse;

  it('accepts real answers and names a body that does not match, and a status that is not declared', async () => {
    const contract = ApiContract.of(test.app);
    const cookie = await signIn(test.app);
    const created = await test.app.inject(asAdmin(cookie, { method: 'POST', url: '/api/blogs', payload: postInput() }));
    expect(created.statusCode).toBe(201);
    expect(contract.violation('POST', '/api/blogs', created)).toBeUndefined();

    const post = created.json<Record<string, unknown>>();
    const { _id: _, ...withoutId } = post;
    expect(contract.violation('GET', '/api/blogs/abc', answer(200, withoutId))).toMatch(
      /GET \/api\/blogs\/\{id\} 200 does not match its OpenAPI schema: \/ must have required property '_id'/,
    );
    expect(contract.violation('GET', '/api/blogs/slug/a', answer(200, { ...post, extra: 1 }))).toMatch(
      /must NOT have additional properties/,
    );
    expect(contract.violation('DELETE', '/api/blogs/abc', answer(418, { message: 'teapot' }))).toBe(
      'DELETE /api/blogs/{id} answered 418, which its OpenAPI responses do not declare',
    );
    expect(contract.violation('DELETE', '/api/blogs/abc', answer(204, { surprise: true }))).toMatch(
      /declares no body but sent one/,
    );
    expect(contract.violation('GET', '/about', answer(200, '<html>'))).toBeUndefined();
  });

  it('is one per document, shared by every app that serves the same one, so that a schema is compiled once', async () => {
    const other = await test.addInstance();
    expect(ApiContract.of(other)).toBe(ApiContract.of(test.app));
  });

  it('knows a test app by its routes, generating the document only for routes and schemas not seen before', async () => {
    const contract = ApiContract.of(test.app);
    const same = await test.addInstance();
    const swagger = vi.spyOn(same, 'swagger');
    expect(ApiContract.of(same)).toBe(contract);
    expect(swagger).not.toHaveBeenCalled();

    // One more API route, then the same route with another answer: each is a document of its own.
    const withRoute = (type: 'object' | 'array') => async (app: FastifyInstance) => {
      app.get('/api/test-only', { schema: { response: { 200: { type } } } }, async () => (type === 'object' ? {} : []));
    };
    const withObject = await test.addInstance({ routesForTests: withRoute('object') });
    const withArray = await test.addInstance({ routesForTests: withRoute('array') });
    expect(ApiContract.of(withObject)).not.toBe(contract);
    expect(ApiContract.of(withArray)).not.toBe(ApiContract.of(withObject));
    expect(contract.violation('GET', '/api/test-only', answer(200, []))).toBeUndefined();
    expect(ApiContract.of(withObject).violation('GET', '/api/test-only', answer(200, []))).toMatch(/must be object/);
    expect(ApiContract.of(withArray).violation('GET', '/api/test-only', answer(200, []))).toBeUndefined();
    expect(ApiContract.of(withArray).violation('GET', '/api/test-only', answer(418, {}))).toBe(
      'GET /api/test-only answered 418, which its OpenAPI responses do not declare',
    );
  });

  it('makes test apps refuse an answer that breaks the contract', async () => {
    // A route whose handler sends text that bypasses the serialiser and breaks its own response schema.
    const app = Fastify();
    addApiSchemas(app);
    await app.register(fastifySwagger, openApiOptions);
    app.get('/api/auth/me', { schema: { response: { 200: schemaRef('api/admin-user.schema.json') } } }, (_r, reply) =>
      reply.type('application/json').send(JSON.stringify({ _id: 'u1', name: 'no e-mail', role: 'author' })),
    );
    await app.ready();
    checkAnswersAgainstContract(app);
    await expect(app.inject({ url: '/api/auth/me' })).rejects.toThrow(
      "breaks the API contract: GET /api/auth/me 200 does not match its OpenAPI schema: / must have required property 'email'",
    );
    await app.close();
  });
});
