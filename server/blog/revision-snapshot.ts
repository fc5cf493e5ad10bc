import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { readSchemaFiles } from '../http/api-schemas.ts';

let validateRecord: ValidateFunction<BlogPost> | undefined;

/** Compiled on the first read of a revision, not at every start: most starts read none. */
function recordValidator(): ValidateFunction<BlogPost> {
  if (validateRecord) return validateRecord;
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  addFormats.default(ajv);
  for (const schema of Object.values(readSchemaFiles())) ajv.addSchema(schema);
  validateRecord = ajv.compile<BlogPost>({ $ref: 'blog-post-record.schema.json' });
  return validateRecord;
}

/** The post a revision keeps, as the API's record, checked against its schema: a stored row is not trusted blindly. */
export function readRevisionSnapshot(revisionId: string, snapshot: string): BlogPost {
  const validate = recordValidator();
  let post: unknown;
  try {
    post = JSON.parse(snapshot);
  } catch {
    throw new Error(`Revision ${revisionId} holds no JSON.`);
  }
  if (!validate(post)) {
    const problems = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
    throw new Error(
      `Revision ${revisionId} holds no post record (blog-post-record.schema.json): ${problems.join('; ')}`,
    );
  }
  return post;
}
