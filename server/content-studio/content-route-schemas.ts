/** Route schemas of /api/content, built from schemas/api/content-*.schema.json: what each route takes and answers. */
import { errorResponses, schemaRef } from '../http/api-schemas.ts';

const tags = ['content'];
const idParams = schemaRef('api/content-id-params.schema.json');
const documentVersion = schemaRef('content-document.schema.json', 'The document, its schema and its version.');
const changes = (description: string) => ({
  type: 'array',
  items: schemaRef('content-change.schema.json'),
  description,
});
const saved = schemaRef('content-saved.schema.json', 'Saved: the new version, and the commit made.');

export const listSchema = {
  summary: 'List the content documents',
  description:
    'Every page, the site document and the redirects, with the last commit that changed each. Editors and above.',
  tags,
  response: { 200: { type: 'array', items: schemaRef('content-summary.schema.json'), description: 'The catalogue.' } },
};

export const statusSchema = {
  summary: 'Where the content studio writes',
  description:
    'Whether saving is possible here (and, if not, how to enable it), the branch and remote, the head, the commit the ' +
    'public site of this server shows, and the commits not yet live.',
  tags,
  response: { 200: schemaRef('content-status.schema.json') },
};

export const imagesSchema = {
  summary: 'The images content may name',
  description:
    'Every image file under public/images, with its intrinsic size, for the studio’s image picker. Images of the ' +
    'media library are named `/images/library/{file}` (the file of its `url`): a save copies each into the ' +
    'checkout and commits it with the document. Editors and above.',
  tags,
  response: {
    200: { type: 'array', items: schemaRef('content-image.schema.json'), description: 'The images, by address.' },
  },
};

export const documentSchema = {
  summary: 'Read a content document',
  description: 'The id is URL-encoded as one path segment (`services%2Fseo`). The version is also the ETag.',
  tags,
  params: idParams,
  response: { 200: documentVersion, ...errorResponses(404) },
};

export const saveSchema = {
  summary: 'Save a content document',
  description:
    'Send the version read as `If-Match` (428 without). The document is written with the repository’s formatting ' +
    'and committed with the member as author; an unchanged document makes no commit (`commit: null`). 400 lists ' +
    'every problem, in this document and in others the change would break; 403 names (by pointer) each changed ' +
    'field whose schema asks for a permission (`x-permission`) the member’s role lacks; 409 answers the current ' +
    'document when someone saved meanwhile, or a sentence when this server cannot save. Nothing is written on any ' +
    'refusal.',
  tags,
  params: idParams,
  body: schemaRef('content-save.schema.json'),
  response: { 200: saved, ...errorResponses(400, 404, 409, 428) },
};

export const historySchema = {
  summary: 'The history of a content document',
  description: 'The commits that changed it, newest first; empty when the content is not in git.',
  tags,
  params: idParams,
  response: { 200: changes('The commits, newest first.'), ...errorResponses(404) },
};

export const versionSchema = {
  summary: 'A past version of a content document',
  description: 'The document as it was at a commit (404 when it did not exist then).',
  tags,
  params: schemaRef('api/content-version-params.schema.json'),
  response: { 200: documentVersion, ...errorResponses(404) },
};

export const restoreSchema = {
  summary: 'Restore a past version of a content document',
  description:
    'Saves the document as it was at the commit, as a new commit, after the same checks as a save (400 with the ' +
    'problems when that version no longer fits the site; 403 when it changes a field the member’s role may not).',
  tags,
  params: idParams,
  body: schemaRef('content-restore.schema.json'),
  response: { 200: saved, ...errorResponses(400, 404, 409) },
};
