import { readFileSync, readdirSync, statSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { repositoryRoot } from '../site-facts.ts';

const schemasDir = join(repositoryRoot, 'schemas');

/** Every JSON Schema under a folder of schemas/ (or the whole of it), keyed by $id. */
function readSchemaFiles(dir: string): Record<string, object> {
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
 * (sign-in, two-factor, sessions, audit) and the
 * documents the API reads and returns, so route schemas refer to them by $id and the OpenAPI document
 * names them once. Content documents stay out: the API does not serve them.
 */
export function apiSchemas(): object[] {
  const topLevel = readdirSync(schemasDir)
    .filter((name) => /^(api-|blog-post|media|revision)[\w-]*\.schema\.json$/.test(name))
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
