import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { convertUrlNumbers, numericProperties, resolveTopRef } from './url-numbers.ts';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type ValidatorFactory = NonNullable<SchemaController['compilersFactory']>['buildValidator'];
type SerializerFactory = NonNullable<SchemaController['compilersFactory']>['buildSerializer'];

function createAjv(schemas: Record<string, object>, options: Options): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    discriminator: true,
    removeAdditional: false,
    useDefaults: true,
    // content:check validates schemas/ against the draft 2020-12 meta-schema; doing it again here compiled that
    // meta-schema at every start, twice (0.4 s of CPU each).
    validateSchema: false,
    // The content schemas' annotation of fields only some members may change (server/content-studio).
    keywords: ['x-permission'],
    ...options,
  });
  addFormats.default(ajv);
  for (const schema of Object.values(schemas)) ajv.addSchema(schema);
  return ajv;
}

/**
 * The compiler for a set of shared schemas, and its compiled checks, kept for the process by their JSON: an app
 * compiles every route's schemas as it starts, and a process that builds many apps (the server's tests build one a
 * test, in workers that keep their modules) would otherwise make the same two Ajv instances and compile the same
 * schemas again for each. A server builds one app, so this changes nothing for it.
 */
const compilers = new Map<string, FastifySchemaCompiler<object>>();

function buildValidator(externalSchemas: Record<string, object>): FastifySchemaCompiler<object> {
  const key = JSON.stringify(externalSchemas);
  let compiler = compilers.get(key);
  if (compiler === undefined) {
    const compile = compilerFor(externalSchemas);
    const compiled = new Map<string, ReturnType<typeof compile>>();
    compiler = (route) => {
      const schemaKey = `${route.httpPart} ${JSON.stringify(route.schema)}`;
      let validate = compiled.get(schemaKey);
      if (validate === undefined) {
        validate = compile(route);
        compiled.set(schemaKey, validate);
      }
      return validate;
    };
    compilers.set(key, compiler);
  }
  return compiler;
}

function compilerFor(externalSchemas: Record<string, object>): FastifySchemaCompiler<object> {
  const forBodies = createAjv(externalSchemas, { coerceTypes: false });
  const forUrls = createAjv(externalSchemas, { coerceTypes: 'array' });
  return ({ schema, httpPart }) => {
    if (httpPart === 'body') return forBodies.compile(schema);
    const validate = forUrls.compile(schema);
    const numbers = numericProperties(resolveTopRef(schema, (id) => externalSchemas[id]));
    if (numbers.size === 0) return validate;
    const validateUrlPart = ((data: unknown, context?: object) => {
      const refused = convertUrlNumbers(data, numbers);
      const valid = validate(data, context as never);
      if (valid && refused.length === 0) {
        validateUrlPart.errors = null;
        return true;
      }
      const named = new Set(refused.map((error) => error.instancePath));
      const errors = [...refused, ...(validate.errors ?? []).filter((error) => !named.has(error.instancePath))];
      validateUrlPart.errors = errors.length > 0 ? errors : null;
      return valid && refused.length === 0;
    }) as ValidateFunction;
    return validateUrlPart;
  };
}

const defaultSerializers = SerializerSelector();

/**
 * Fastify's response serializers (fast-json-stringify), each built when its route first answers with an object rather
 * than for every route at start: most answers are sent as prepared bytes and never need theirs, and building them all
 * took most of a second of every start.
 */
const buildSerializerOnFirstUse: SerializerFactory = (externalSchemas, options) => {
  const compile = defaultSerializers(externalSchemas, options);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => (serialize ??= compile(route))(data);
  };
};

/**
 * Fastify's own compiler is draft-07 and cannot read our draft 2020-12 schemas. Bodies are checked exactly as
 * sent (an unknown field or a number for a string is an error, never silently dropped or converted); query
 * strings and path parameters are text by nature, so they are converted to the declared types: numbers only from
 * plain digits (url-numbers.ts), so that Infinity, 1e400 or 0x10 is a 400 naming the parameter.
 */
export const schemaController: SchemaController = {
  compilersFactory: {
    // @fastify/ajv-compiler's types say the compiler gets a bare schema; Fastify passes the route's schema definition.
    buildValidator: buildValidator as unknown as ValidatorFactory,
    buildSerializer: buildSerializerOnFirstUse,
  },
};
