import type { RJSFSchema } from '@rjsf/utils';
import commonSchema from '../../../schemas/common.schema.json';
import pageSchema from '../../../schemas/page.schema.json';
import redirectsSchema from '../../../schemas/redirects.schema.json';
import sectionSchema from '../../../schemas/section.schema.json';
import siteSchema from '../../../schemas/site.schema.json';

type SchemaFile = Record<string, unknown> & { $id: string };

// The schema files themselves, bundled as data into the studio's chunk: never a second copy of them.
const sectionSchemas = import.meta.glob<SchemaFile>('../../../schemas/sections/*.schema.json', {
  eager: true,
  import: 'default',
});

const files: SchemaFile[] = [
  pageSchema,
  sectionSchema,
  commonSchema,
  siteSchema,
  redirectsSchema,
  ...Object.values(sectionSchemas),
];

/** A base for the files' relative `$id`s, so that `../common.schema.json` resolves the way ajv resolves it. */
const base = 'https://schemas.northbeam.invalid/';

function embedded({ $schema: _dialect, ...schema }: SchemaFile): Record<string, unknown> {
  return { ...schema, $id: base + schema.$id };
}

/**
 * One draft 2020-12 schema for a document whose schema has `$id` `rootId`: that file, with every other schema file
 * embedded under `$defs` by its own `$id`, which is how the form library finds cross-file `$ref`s. Null for an id
 * that no file has.
 */
export function documentSchema(rootId: string): RJSFSchema | null {
  const root = files.find((file) => file.$id === rootId);
  if (!root) return null;
  const rootDefs = (root.$defs ?? {}) as Record<string, unknown>;
  const others = files.filter((file) => file !== root).map((file) => [`file:${file.$id}`, embedded(file)]);
  return {
    ...embedded(root),
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $defs: { ...rootDefs, ...Object.fromEntries(others) },
  } as RJSFSchema;
}

/** A reference to one section type's schema, which the form resolves in the bundle made by documentSchema. */
export function sectionSchemaRef(type: string): { $ref: string } {
  return { $ref: `${base}sections/${type}.schema.json` };
}

/** The file's own `$id` (`page.schema.json`) of a schema made by documentSchema. */
export function schemaFileId(schema: { $id?: string }): string {
  return (schema.$id ?? '').replace(base, '');
}

export { sectionSchemas, commonSchema };
