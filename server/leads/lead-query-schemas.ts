import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../repository-root.ts';

interface JsonSchema {
  $id?: string;
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  $defs?: Record<string, JsonSchema>;
  [keyword: string]: unknown;
}

const read = (name: string) => JSON.parse(readFileSync(join(repositoryRoot, 'schemas', name), 'utf8')) as JsonSchema;

/**
 * A query schema of schemas/ with its references to the lead's enums written out: the OpenAPI document turns a
 * query's properties into parameters and cannot follow a reference into another schema's $defs from there.
 */
export function leadQuerySchema(name: 'lead-list-query' | 'lead-export-query'): JsonSchema {
  const defs = read('lead.schema.json').$defs ?? {};
  const { $id: _id, $schema: _schema, properties = {}, ...rest } = read(`${name}.schema.json`);
  const inline = (property: JsonSchema): JsonSchema => {
    const def = property.$ref?.match(/^lead\.schema\.json#\/\$defs\/(\w+)$/)?.[1];
    return def === undefined ? property : { ...defs[def], title: undefined };
  };
  return {
    ...rest,
    properties: Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, inline(value)])),
  };
}
