/**
 * /api/content: the content studio's API (../shared/DESIGN.md "Content studio"). A document's id holds slashes, so it travels
 * URL-encoded as one path segment: GET /api/content/services%2Fseo.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type {
  ContentIdParams,
  ContentRestore,
  ContentSave,
  ContentStatus,
  ContentVersionParams,
} from '../../src/content/types.gen.ts';
import { can } from '../../src/domain/team-permissions.ts';
import { signedInAdmin } from '../auth/index.ts';
import { clientAddress } from '../http/client-address.ts';
import { errorBody } from '../http/errors.ts';
import {
  documentSchema,
  historySchema,
  imagesSchema,
  listSchema,
  restoreSchema,
  saveSchema,
  statusSchema,
  versionSchema,
} from './content-route-schemas.ts';
import { ConflictError, ProblemsError, readOnlySentence, type Editor, type Studio } from './studio.ts';
import { fileHistory } from './git.ts';
import type { ContentRemote } from './remote.ts';

export interface ContentRouteOptions {
  studio: Studio;
  remote?: ContentRemote;
  /** The commit whose content the public site shows now; null while not known. */
  live: () => string | null;
}

const noStore = { 'cache-control': 'no-store' };

function editorOf(request: FastifyRequest): Editor {
  const user = signedInAdmin(request);
  return {
    name: user.name,
    email: user.email,
    address: clientAddress(request),
    may: (permission) => can(user.role, permission),
  };
}

/** The studio's refusals that carry more than a sentence: the problems of a save, and the document that moved. */
async function answerRefusal(reply: FastifyReply, error: unknown) {
  if (error instanceof ProblemsError) return reply.code(400).headers(noStore).send(error.body);
  if (error instanceof ConflictError) {
    const message =
      'Someone else saved this document since you opened it. Your changes are kept here: compare them with the ' +
      'current version below, then save again.';
    return reply
      .code(409)
      .headers({ ...noStore, etag: `"${error.current.version}"` })
      .send({ ...errorBody(409, message), current: error.current });
  }
  throw error;
}

export const contentRoutes: FastifyPluginAsync<ContentRouteOptions> = async (
  app,
  { studio, remote, live: liveCommit },
) => {
  const access = { access: 'content' as const };

  app.get('/', { schema: listSchema, config: access }, async (_request, reply) =>
    reply.headers(noStore).send(await studio.list()),
  );

  app.get('/status', { schema: statusSchema, config: access }, async (_request, reply) => {
    const writable = await studio.writable();
    const { branch, head } = await studio.gitState();
    const live = liveCommit();
    const pending = head && live && live !== head ? await fileHistory(studio.root, 'content', `${live}..${head}`) : [];
    const waiting = remote?.waiting();
    const { unpushed, error: pushError } = await studio.pushState();
    const body: ContentStatus = {
      writable,
      ...(writable ? {} : { reason: readOnlySentence }),
      ...(waiting
        ? {
            reason: `The last save conflicted with changes pushed to ${remote!.branch} meanwhile: it waits on the branch ${waiting} of the remote until someone merges it.`,
            waitingBranch: waiting,
          }
        : {}),
      branch,
      ...(remote ? { remote: remote.url } : {}),
      head,
      live,
      pending,
      unpushed,
      ...(pushError ? { pushError } : {}),
    };
    return reply.headers(noStore).send(body);
  });

  app.get('/images', { schema: imagesSchema, config: access }, async (_request, reply) =>
    reply.headers(noStore).send(await studio.images()),
  );

  app.get<{ Params: ContentIdParams }>('/:id', { schema: documentSchema, config: access }, async (request, reply) => {
    const body = studio.read(request.params.id);
    return reply.headers({ ...noStore, etag: `"${body.version}"` }).send(body);
  });

  app.put<{ Params: ContentIdParams; Body: ContentSave }>(
    '/:id',
    { schema: saveSchema, config: access },
    async (request, reply) => {
      const { document, message } = request.body;
      try {
        const saved = await studio.save(
          request.params.id,
          document,
          request.headers['if-match'],
          editorOf(request),
          message,
        );
        return reply.headers({ ...noStore, etag: `"${saved.version}"` }).send(saved);
      } catch (error) {
        return answerRefusal(reply, error);
      }
    },
  );

  app.get<{ Params: ContentIdParams }>(
    '/:id/history',
    { schema: historySchema, config: access },
    async (request, reply) => reply.headers(noStore).send(await studio.history(request.params.id)),
  );

  app.get<{ Params: ContentVersionParams }>(
    '/:id/at/:commit',
    { schema: versionSchema, config: access },
    async (request, reply) => reply.headers(noStore).send(await studio.at(request.params.id, request.params.commit)),
  );

  app.post<{ Params: ContentIdParams; Body: ContentRestore }>(
    '/:id/restore',
    { schema: restoreSchema, config: access },
    async (request, reply) => {
      const { commit, message } = request.body;
      try {
        const saved = await studio.restore(request.params.id, commit, editorOf(request), message);
        return reply.headers({ ...noStore, etag: `"${saved.version}"` }).send(saved);
      } catch (error) {
        return answerRefusal(reply, error);
      }
    },
  );
};
