import {
  ErrorSchemaBuilder,
  findSchemaDefinition,
  type ErrorSchema,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidatorType,
} from '@rjsf/utils';
import { documentProblems, type DocumentProblem } from '../document-problems.ts';
import { schemaFileId } from '../document-schemas.ts';

type Document = Record<string, unknown>;

/** `/sections/0/heading` as the form library's path: ['sections', 0, 'heading']. */
export function pointerPath(pointer: string): (string | number)[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Problems as the form's error schema, so that each shows beside its field. */
export function problemsErrorSchema(problems: DocumentProblem[]): ErrorSchema<Document> {
  const builder = new ErrorSchemaBuilder<Document>();
  for (const { pointer, message } of problems) builder.addErrors(message, pointerPath(pointer));
  return builder.ErrorSchema;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether `data` has the shape of `schema`'s object: its required fields, its constants, no unknown field. The form
 * library asks this only to tell the branches of a `oneOf` apart (a call to action leads to a route or a contact).
 */
function fitsShape(schema: RJSFSchema, data: unknown, root: RJSFSchema): boolean {
  if (schema.$ref) return fitsShape(findSchemaDefinition<RJSFSchema>(schema.$ref, root), data, root);
  if (schema.allOf) return schema.allOf.every((part) => typeof part === 'boolean' || fitsShape(part, data, root));
  if (schema.const !== undefined) return schema.const === data;
  if (!schema.properties) return true;
  if (!isObject(data)) return false;
  if ((schema.required ?? []).some((name) => !(name in data))) return false;
  if (schema.additionalProperties === false && Object.keys(data).some((name) => !(name in schema.properties!)))
    return false;
  return Object.entries(schema.properties).every(
    ([name, property]) =>
      typeof property === 'boolean' || !(name in data) || property.const === undefined || property.const === data[name],
  );
}

/**
 * The form's validator: the precompiled validators of our schemas (document-validators.gen.js), which run without
 * eval under the admin's CSP, and say what is wrong in sentences (document-problems.ts).
 */
export const documentValidator: ValidatorType<Document, RJSFSchema> = {
  validateFormData(formData, schema) {
    const problems = documentProblems(schemaFileId(schema), formData);
    const errors: RJSFValidationError[] = problems.map(({ pointer, message }) => ({
      property: pointer,
      message,
      stack: `${pointer} ${message}`,
    }));
    return { errors, errorSchema: problemsErrorSchema(problems) };
  },
  isValid(schema, formData, rootSchema) {
    return fitsShape(schema, formData, rootSchema);
  },
  rawValidation() {
    return { errors: [] };
  },
};
