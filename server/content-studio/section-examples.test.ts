import { describe, expect, it } from 'vitest';
import { checkSectionExamples, formatProblem } from './content-check.ts';
import { createContentAjv, readSchemas } from './content-schemas.ts';

const ajv = createContentAjv();

describe('the examples of the section schemas, checked by content:check', () => {
  it('gives every section type one valid example', () => {
    const schemas = readSchemas();
    expect(Object.keys(schemas).filter((id) => id.startsWith('sections/')).length).toBeGreaterThanOrEqual(15);
    expect(checkSectionExamples(schemas, ajv).map(formatProblem)).toEqual([]);
  });

  it('names a missing example and a field of an example that breaks its schema', () => {
    const schemas = readSchemas() as Record<string, { examples?: Record<string, unknown>[] }>;
    const hero = schemas['sections/hero.schema.json']!;
    const { examples: _, ...offerings } = schemas['sections/offerings.schema.json']!;
    const broken = {
      ...schemas,
      'sections/hero.schema.json': { ...hero, examples: [{ ...hero.examples![0], heading: 42 }] },
      'sections/offerings.schema.json': offerings,
    };
    expect(checkSectionExamples(broken, ajv).map(formatProblem)).toEqual([
      'schemas/sections/hero.schema.json /examples/0/heading: must be string',
      'schemas/sections/offerings.schema.json /examples: needs one example: the section catalogue renders it',
    ]);
  });
});
