/** The content documents' schemas (schemas/, by $id) and the Ajv that checks documents against them. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv2020, type ErrorObject, type KeywordDefinition } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { permissionMeanings } from '../../src/domain/team-permissions.ts';
import { repositoryRoot } from '../repository-root.ts';

export const schemasDir = join(repositoryRoot, 'schemas');

function listJson(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listJson(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

/** Every schema of schemas/, keyed by its $id (its path inside schemas/). */
export function readSchemas(): Record<string, object> {
  return Object.fromEntries(
    listJson(schemasDir).map((path) => {
      const schema = JSON.parse(readFileSync(path, 'utf8')) as { $id?: string };
      const id = relative(schemasDir, path);
      if (schema.$id !== id) throw new Error(`${path}: $id must be "${id}"`);
      return [id, schema];
    }),
  );
}

/**
 * `"x-permission": "leads"` on a field of a content schema: the team permission a member needs to change its value
 * (field-permissions.ts). An annotation, which checks nothing in a document; its value must name a permission.
 */
export const permissionKeyword: KeywordDefinition = {
  keyword: 'x-permission',
  metaSchema: { enum: Object.keys(permissionMeanings) },
};

/** An Ajv instance that knows every schema of schemas/, for content documents. */
export function createContentAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    discriminator: true,
    strict: true,
    strictRequired: false,
    keywords: [permissionKeyword],
  });
  addFormats.default(ajv);
  for (const schema of Object.values(readSchemas())) ajv.addSchema(schema);
  return ajv;
}

/** One readable line per error: "/sections/2/items/3/bullets: must NOT have fewer than 4 items". */
export function formatError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  let path = error.instancePath || '/';
  let message = error.message ?? 'is invalid';
  if (typeof params.missingProperty === 'string') {
    message = `is missing required field "${params.missingProperty}"`;
  } else if (typeof params.additionalProperty === 'string') {
    path = `${error.instancePath}/${params.additionalProperty}`;
    message = 'is not an allowed field here';
  } else if (Array.isArray(params.allowedValues)) {
    message = `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return `${path}: ${message}`;
}
