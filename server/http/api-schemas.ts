import { readFileSync, readdirSync, statSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { repositoryRoot } from '../repository-root.ts';

const schemasDir = join(repositoryRoot, 'schemas');

/** Every JSON Schema under a folder of schemas/ (the whole of it by default), keyed by $id. */
export function readSchemaFiles(dir = schemasDir): Record<string, object> {
  return Object.fromEntries(
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return Object.entries(readSchemaFiles(path));
      if (!name.endsWith('.schema.json')) return [];
      const schema = JSON.parse(readFileSync(path, 'utf8')) as { $id: string };
      return [[schema.$id, schema]];
    }),
  );
}

/**
 * The schemas of the API's contract: schemas/api/ (queries, parameters, small bodies and answers), schemas/security/
 * (sign-in, two-factor, sessions, audit), the leads' forms and records, the comments, the content studio's, and the
 * documents the API reads and returns, so route schemas refer to them by $id and the OpenAPI document
 * names them once. Content documents stay out: the API does not serve them.
 */
export function apiSchemas(): object[] {
  const topLevel = readdirSync(schemasDir)
    .filter((name) =>
      /^(api-|blog-post|media|revision|lead|enquiry-input|application-input|stats-|comment|content-|subscriber)[\w-]*\.schema\.json$/.test(
        name,
      ),
    )
    .map((name) => JSON.parse(readFileSync(join(schemasDir, name), 'utf8')) as object);
  return [
    ...topLevel,
    ...Object.values(readSchemaFiles(join(schemasDir, 'api'))),
    ...Object.values(readSchemaFiles(join(schemasDir, 'security'))),
  ];
}

export function addApiSchemas(app: FastifyInstance): void {
  for (const schema of apiSchemas()) app.addSchema(schema);
}

/** A schema of schemas/ by $id, for a route's body or answer. */
export function schemaRef(id: string, description?: string): object {
  return description === undefined ? { $ref: `${id}#` } : { $ref: `${id}#`, description };
}

/** The error answers a route may give, each with the JSON error shape. */
export function errorResponses(...codes: number[]): Record<number, object> {
  return Object.fromEntries(codes.map((code) => [code, schemaRef('api-error.schema.json', STATUS_CODES[code])]));
}

/** An answer without a body, such as 204 No Content or 304 Not Modified. */
export function emptyResponse(description: string): object {
  return { description, type: 'null' };
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The refusals that the shared machinery gives on any API route, declared on every route that does not declare
 * them itself: a bad URL or body (400) and a server fault (500) anywhere; on reads that need a permission, the guard
 * (401, 403); and on writes, the guard (401, 403, with the same-origin check), the body limit (413) and the body
 * parsers (415). Call before any route is added.
 */
export function declareCommonRefusals(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const writes = methods.some((method) => !readMethods.has(method));
    const guarded = (route.config as { access?: string } | undefined)?.access ?? 'anyone';
    const codes = writes ? [400, 401, 403, 413, 415, 500] : guarded === 'anyone' ? [400, 500] : [400, 401, 403, 500];
    route.schema ??= {};
    const response = (route.schema.response ??= {}) as Record<string, unknown>;
    for (const [code, schema] of Object.entries(errorResponses(...codes))) response[code] ??= schema;
  });
}
