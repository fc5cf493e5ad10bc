import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type ValidatorFactory = NonNullable<SchemaController['compilersFactory']>['buildValidator'];

function createAjv(schemas: Record<string, object>, options: Options): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    discriminator: true,
    removeAdditional: false,
    useDefaults: true,
    ...options,
  });
  addFormats.default(ajv);
  for (const schema of Object.values(schemas)) ajv.addSchema(schema);
  return ajv;
}

function buildValidator(externalSchemas: Record<string, object>): FastifySchemaCompiler<object> {
  const forBodies = createAjv(externalSchemas, { coerceTypes: false });
  const forUrls = createAjv(externalSchemas, { coerceTypes: 'array' });
  return ({ schema, httpPart }) => (httpPart === 'body' ? forBodies : forUrls).compile(schema);
}

/**
 * Fastify's own compiler is draft-07 and cannot read our draft 2020-12 schemas. Bodies are checked exactly as
 * sent (an unknown field or a number for a string is an error, never silently dropped or converted); query
 * strings and path parameters are text by nature, so they are converted to the declared types.
 */
export const schemaController: SchemaController = {
  compilersFactory: {
    // @fastify/ajv-compiler's types say the compiler gets a bare schema; Fastify passes the route's schema definition.
    buildValidator: buildValidator as unknown as ValidatorFactory,
  },
};
