import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { readSchemaFiles } from '../http/api-schemas.ts';
import type { CatalogedRoute } from '../http/route-catalog.ts';
import { hostileBody, hostileContentType, hostileJson, hostileText } from './hostile-input.ts';

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

const schemasById = readSchemaFiles() as Record<string, JsonSchema>;

/** Values built to break parsers and databases: non-finite and huge numbers, odd Unicode, prototype keys. */
const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    -1,
    0.5,
    2 ** 31,
    2 ** 63,
    true,
    null,
    'Infinity',
    'NaN',
    '1e400',
    '-0',
    '\ud83d',
    'e\u0301\u0301\u0301',
    '\u202etxt.exe',
    '__proto__',
  ),
  fc.double(),
  fc.integer(),
);

const someDate = fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });

const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');

function resolve(schema: JsonSchema): JsonSchema {
  if (schema.$ref === undefined) return schema;
  return schemasById[schema.$ref.split('#', 1)[0]!] ?? {};
}

/** Values the schema allows (roughly: enough to get past validation often), at most `depth` levels deep. */
export function conforming(input: JsonSchema, depth = 4): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches && depth > 0) return fc.oneof(...branches.map((branch) => conforming(branch, depth - 1)));
  if (schema.allOf?.length) return conforming(schema.allOf[0]!, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      if (schema.format === 'date-time') return someDate.map((date) => date.toISOString());
      if (schema.format === 'uri') return fc.webUrl();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date') return someDate.map((date) => date.toISOString().slice(0, 10));
      if (schema.pattern !== undefined) {
        const { minLength = 0, maxLength = 200 } = schema;
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((text) => text.length >= minLength && text.length <= maxLength);
      }
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
    case 'array':
      if (depth === 0) return fc.constant([]);
      return fc.array(conforming(schema.items ?? {}, depth - 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object': {
      if (depth === 0 || schema.properties === undefined) return fc.dictionary(fc.string(), fc.string());
      const record = Object.fromEntries(
        Object.entries(schema.properties).map(([name, property]) => [name, conforming(property, depth - 1)]),
      );
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Texts that parse as numbers somewhere (Number(), parseInt, ajv's coercion) but are not plain digits in bounds. */
const numberEdges = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'Infinity',
      '-Infinity',
      'NaN',
      '1e400',
      '1e2',
      '9007199254740993',
      '-0',
      '0x10',
      ' 1',
      '1.0',
      '１',
    ),
  },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** A value for a field: mostly what the schema allows, sometimes something hostile (numbers: their edges). */
function field(input: JsonSchema): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  const numeric = [schema.type].flat().some((type) => type === 'integer' || type === 'number');
  return fc.oneof(
    { weight: 4, arbitrary: conforming(schema) },
    { weight: numeric ? 3 : 0, arbitrary: numberEdges },
    { weight: 1, arbitrary: hostileScalar },
  );
}

/** What a value looks like in a URL: numbers in plain digits, lists and objects as JSON text. */
function urlText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** encodeURIComponent refuses lone surrogates; a browser would send U+FFFD in their place. */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/\p{Surrogate}/gu, '\ufffd'));
}

function pathArbitrary(route: CatalogedRoute): fc.Arbitrary<string> {
  const params = (route.schema?.params ?? {}) as JsonSchema;
  const pieces = route.url.split(/(:\w+|\*)/).map((piece): fc.Arbitrary<string> => {
    if (piece === '*') return fc.array(hostileText.map(encode), { maxLength: 3 }).map((parts) => parts.join('/'));
    if (!piece.startsWith(':')) return fc.constant(piece);
    const property = params.properties?.[piece.slice(1)] ?? { type: 'string' };
    return fc
      .oneof({ weight: 3, arbitrary: field(property) }, { weight: 1, arbitrary: hostileText })
      .map((value) => encode(urlText(value)) || 'x');
  });
  return fc.tuple(...pieces).map((parts) => parts.join(''));
}

function queryArbitrary(route: CatalogedRoute): fc.Arbitrary<string> {
  const properties = ((route.schema?.querystring ?? {}) as JsonSchema).properties ?? {};
  const known = Object.entries(properties).map(([name, property]) =>
    fc.option(
      field(property).map((value) => [name, urlText(value)] as const),
      { nil: undefined },
    ),
  );
  const extra = fc.array(
    fc.tuple(fc.oneof(prototypeKey, hostileText, fc.constantFrom(...Object.keys(properties), 'x')), hostileText),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...known), fc.oneof(fc.constant([]), extra)).map(([chosen, more]) => {
    const pairs = [...chosen.filter((pair) => pair !== undefined), ...more];
    return pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')}`;
  });
}

/** Bodies: mostly the route's own shape with hostile fields, prototype keys and deep JSON mixed in. */
function bodyArbitrary(route: CatalogedRoute): fc.Arbitrary<string | undefined> {
  const schema = route.schema?.body as JsonSchema | undefined;
  const shaped =
    schema === undefined
      ? hostileJson
      : fc
          .tuple(
            conforming(schema),
            fc.option(fc.tuple(fc.oneof(prototypeKey, hostileText), hostileJson), { nil: undefined, freq: 3 }),
          )
          .map(([value, extra]) =>
            extra !== undefined && typeof value === 'object' && value !== null && !Array.isArray(value)
              ? { ...value, [extra[0]]: extra[1] }
              : value,
          );
  return fc.oneof(
    { weight: 4, arbitrary: shaped.map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: hostileBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

export interface ContractRequest {
  method: HTTPMethods;
  url: string;
  route: string;
  body: string | undefined;
  contentType: string | undefined;
  asAdmin: boolean;
}

const withBody = new Set(['POST', 'PUT', 'PATCH']);

/** Requests for every route of the catalog, drawn from its schemas and mixed with hostile values. */
export function contractRequests(routes: readonly CatalogedRoute[]): fc.Arbitrary<ContractRequest> {
  const perRoute = routes.map((route) =>
    fc
      .record({
        path: pathArbitrary(route),
        query: queryArbitrary(route),
        body: withBody.has(route.method) ? bodyArbitrary(route) : fc.constant(undefined),
        contentType: fc.oneof(fc.constant('application/json'), hostileContentType),
        asAdmin: fc.boolean(),
      })
      .map(({ path, query, body, contentType, asAdmin }) => ({
        method: route.method,
        url: `${path}${query}`,
        route: `${route.method} ${route.url}`,
        body,
        contentType: body === undefined ? undefined : contentType,
        asAdmin,
      })),
  );
  // Routes that take parameters have more to get wrong than the catch-all ones: draw them more often.
  const weightOf = (route: CatalogedRoute) =>
    route.schema?.querystring !== undefined || route.schema?.params !== undefined || route.schema?.body !== undefined
      ? 4
      : 1;
  return fc.oneof(...perRoute.map((arbitrary, index) => ({ arbitrary, weight: weightOf(routes[index]!) })));
}
