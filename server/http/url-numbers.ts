import type { ErrorObject } from 'ajv';

/** Whole numbers as people write them: no sign on zero, no leading zeros, no spaces, exponents, hex or other digits. */
const integerText = /^(?:0|-?[1-9][0-9]*)$/;
const decimalText = /^(?:0|-?[1-9][0-9]*)(?:\.[0-9]+)?$|^-?0\.[0-9]+$/;

type NumericKind = 'integer' | 'number';

interface PropertySchema {
  type?: unknown;
}

function numericKind(schema: PropertySchema | undefined): NumericKind | undefined {
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  return undefined;
}

/**
 * A route part declared by reference (`{ $ref: 'api/blog-list-query.schema.json#' }`) as the schema it names, so
 * that its properties can be read; any other schema as it is.
 */
export function resolveTopRef(schema: unknown, lookup: (id: string) => unknown): unknown {
  const ref = (schema as { $ref?: unknown } | null)?.$ref;
  if (typeof ref !== 'string') return schema;
  return lookup(ref.replace(/#$/, '')) ?? schema;
}

/** The numeric properties of a query or params schema, by name. */
export function numericProperties(schema: unknown): Map<string, NumericKind> {
  const found = new Map<string, NumericKind>();
  const properties = (schema as { properties?: Record<string, PropertySchema> } | null)?.properties;
  if (typeof properties !== 'object' || properties === null) return found;
  for (const [name, property] of Object.entries(properties)) {
    const kind = numericKind(property);
    if (kind !== undefined) found.set(name, kind);
  }
  return found;
}

function refusal(name: string, kind: NumericKind): ErrorObject {
  const what = kind === 'integer' ? 'a whole number' : 'a number';
  return {
    instancePath: `/${name}`,
    schemaPath: `#/properties/${name}/type`,
    keyword: 'type',
    params: { type: kind },
    message: `must be ${what} written in plain digits (like 20), within its limits`,
  };
}

/** The number a URL's text stands for, or undefined when it is not one exactly (too big to hold, or not plain). */
export function urlNumber(text: string, kind: NumericKind): number | undefined {
  if (!(kind === 'integer' ? integerText : decimalText).test(text)) return undefined;
  const value = Number(text);
  if (kind === 'integer' ? !Number.isSafeInteger(value) : !Number.isFinite(value)) return undefined;
  // -0.0 is zero: the database and JSON know no negative zero.
  return value + 0;
}

/**
 * Converts the numeric fields of a query or path in place, before the schema checks their bounds. Ajv's own coercion
 * takes anything Number() takes: "Infinity", "1e400", "0x10", " 1", so an unbounded or lossy number reached SQL.
 * Returns the fields that are not plain numbers; those are left as they are.
 */
export function convertUrlNumbers(data: unknown, fields: ReadonlyMap<string, NumericKind>): ErrorObject[] {
  const errors: ErrorObject[] = [];
  if (typeof data !== 'object' || data === null) return errors;
  const values = data as Record<string, unknown>;
  for (const [name, kind] of fields) {
    if (!Object.hasOwn(values, name)) continue;
    let value = values[name];
    // ?limit=5&limit=6 arrives as a list: one value is fine, two are a mistake.
    if (Array.isArray(value) && value.length === 1) value = value[0];
    const number =
      typeof value === 'string'
        ? urlNumber(value, kind)
        : typeof value === 'number'
          ? urlNumber(String(value), kind)
          : undefined;
    if (number === undefined) errors.push(refusal(name, kind));
    else values[name] = number;
  }
  return errors;
}
