import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { PrivacyExport, PrivacyRequest } from '../../src/content/types.gen.ts';
import { auditRequest } from '../audit/index.ts';
import { errorResponses, schemaRef } from '../http/api-schemas.ts';
import { eraseTracesOfEmail } from './erase-traces.ts';
import { removedSummary } from './retention.ts';
import { commentsOfEmail, deleteCommentsOfEmail } from '../comments/index.ts';
import { flushErasedPages } from '../store/database.ts';
import { deleteLeads, emailKey, leadRowsOfEmail, toLeadRecords } from '../leads/index.ts';
import { deleteRefusedFormsOfEmail } from '../forms/index.ts';
import { deleteSubscriberOfEmail, newsletterDataOfEmail } from '../newsletter/index.ts';
import type { Database } from '../store/schema.ts';

export interface PrivacyRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** Empties the cache of answers, whose post pages may show erased comments. */
  onCommentsChanged: () => void;
}

const noStore = { 'cache-control': 'no-store' };
const request = schemaRef('api/privacy-request.schema.json');

/**
 * Subject access and erasure requests, for admins: everything stored about one e-mail address, and its removal.
 * Both are audited without the address, so that the log does not keep what an erasure removed.
 */
export const privacyRoutes: FastifyPluginAsync<PrivacyRoutesOptions> = async (
  app,
  { db, clock, onCommentsChanged },
) => {
  app.get<{ Querystring: PrivacyRequest }>(
    '/export',
    {
      schema: {
        querystring: request,
        response: { 200: schemaRef('lead-privacy-export.schema.json'), ...errorResponses(400, 401) },
      },
      config: { access: 'leads' },
    },
    async (req, reply): Promise<PrivacyExport> => {
      const at = clock();
      const key = emailKey(req.query.email);
      const leads = await toLeadRecords(db, await leadRowsOfEmail(db, key));
      const comments = await commentsOfEmail(db, key);
      const newsletter = await newsletterDataOfEmail(db, key);
      await auditRequest(db, req, at, {
        action: 'privacy-export',
        target: `${leads.length} leads, ${comments.length} comments, ${newsletter.subscribers.length} subscribers`,
      });
      reply.headers(noStore);
      return { email: req.query.email.trim(), exportedAt: at.toISOString(), leads, comments, ...newsletter };
    },
  );

  app.post<{ Body: PrivacyRequest }>(
    '/erase',
    {
      schema: {
        body: request,
        response: { 200: schemaRef('api/privacy-erasure.schema.json'), ...errorResponses(400, 401, 403) },
      },
      config: { access: 'leads' },
    },
    async (req, reply) => {
      const key = emailKey(req.body.email);
      const rows = await leadRowsOfEmail(db, key);
      const removed = await deleteLeads(
        db,
        rows.map((row) => row.id),
      );
      const comments = await deleteCommentsOfEmail(db, key);
      const subscribers = await deleteSubscriberOfEmail(db, key);
      // A refused form sent without JavaScript, kept an hour to be shown again, holds what was typed too.
      await deleteRefusedFormsOfEmail(db, key);
      // And whatever else names the address: mails of the outbox, sign-in limits, invitations, audit targets.
      await eraseTracesOfEmail(db, key);
      await flushErasedPages(db);
      // Approved comments leave the post pages.
      if (comments > 0) onCommentsChanged();
      await auditRequest(db, req, clock(), {
        action: 'privacy-erase',
        target: `${removedSummary(removed)}, ${comments} comments, ${subscribers} subscribers`,
      });
      return reply.headers(noStore).send({ ...removed, comments, subscribers });
    },
  );
};
