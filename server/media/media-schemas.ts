import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { schemaRef } from '../http/api-schemas.ts';
import { repositoryRoot } from '../repository-root.ts';

const readSchema = (name: string): { $id: string } =>
  JSON.parse(readFileSync(join(repositoryRoot, 'schemas', name), 'utf8')) as { $id: string };

const schemas = ['media.schema.json', 'media-update.schema.json', 'api-error.schema.json'].map(readSchema);

/** Registers the schemas the media routes refer to, in the plugin that registers those routes. */
export function addMediaSchemas(app: FastifyInstance): void {
  for (const schema of schemas) if (app.getSchema(schema.$id) === undefined) app.addSchema(schema);
}

export const mediaRecordRef = schemaRef('media.schema.json');
export const mediaUpdateRef = schemaRef('media-update.schema.json');
export const apiErrorRef = schemaRef('api-error.schema.json');

/** The error answers every admin route can give. */
export const adminErrors = { 400: apiErrorRef, 401: apiErrorRef, 403: apiErrorRef, 404: apiErrorRef };

export const mediaIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
};

export const mediaListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: { type: 'string', maxLength: 200 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 40 },
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
  },
};

export const mediaFileParams = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      maxLength: 80,
      pattern: '^[0-9a-f]{20}(-([0-9]{1,5}|social))?\\.(jpg|png|webp|gif|avif)$',
    },
  },
};
