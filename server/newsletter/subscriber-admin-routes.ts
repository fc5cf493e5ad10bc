import type { FastifyPluginAsync } from 'fastify';
import type {
  SubscriberImportQuery,
  SubscriberImportReport,
  SubscriberListQuery,
} from '../../src/content/types.gen.ts';
import { auditRequest } from '../audit/index.ts';
import { emptyResponse, errorResponses, schemaRef } from '../http/api-schemas.ts';
import { HttpError } from '../http/errors.ts';
import { flushErasedPages } from '../store/database.ts';
import { attachmentDisposition } from '../leads/index.ts';
import { emptyFile, importSubscribers } from './subscriber-import.ts';
import { subscriberCsvHeader, subscriberCsvLine, toSubscriber } from './subscriber-records.ts';
import { deleteSubscriberWholly } from './subscriber-erasure.ts';
import { countSubscribers, listSubscribers, type SubscriberFilter } from './subscriber-store.ts';
import type { NewsletterContext } from './subscriptions.ts';

// Subscribers are personal data: no browser or proxy keeps a copy.
const noStore = { 'cache-control': 'no-store' };
const exportBatch = 500;
const importBodyLimit = 5 * 1024 * 1024;

const filterOf = ({ status, q }: SubscriberListQuery): SubscriberFilter => ({ status, q: q?.trim() || undefined });

const subscribers = (count: number) => (count === 1 ? '1 subscriber' : `${count} subscribers`);

/** An export's entry in the audit log: how many, and how they were chosen (never the search's words: an address). */
function exportSummary(count: number, { status, q }: SubscriberFilter): string {
  const chosen = [status && `status ${status}`, q && 'a search'].filter(Boolean).join(' and ');
  return chosen ? `${subscribers(count)}, chosen by ${chosen}` : subscribers(count);
}

/** An import's entry in the audit log: what became of its rows. */
const importSummary = (report: SubscriberImportReport): string =>
  `${report.rows.length} rows: ${report.active} active, ${report.confirmationSent} asked to confirm, ` +
  `${report.skipped} skipped, ${report.refused} refused`;

/**
 * The newsletter's list for those holding `audience`: GET a page of it (X-Total-Count), its CSV export, a CSV import
 * answered with a report per row, and deleting one subscriber.
 */
export const subscriberAdminRoutes: FastifyPluginAsync<{ newsletter: NewsletterContext }> = async (
  app,
  { newsletter },
) => {
  const { db, clock } = newsletter.intake;
  // The bytes as sent: the import reads their byte order mark and encoding itself (Excel writes UTF-16 as well).
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: importBodyLimit }, (_request, body, done) =>
    done(null, body),
  );

  app.get<{ Querystring: Required<Pick<SubscriberListQuery, 'limit' | 'offset'>> & SubscriberListQuery }>(
    '/',
    {
      schema: {
        querystring: schemaRef('subscriber-list-query.schema.json'),
        response: { 200: { type: 'array', items: schemaRef('subscriber.schema.json') }, ...errorResponses(400, 401) },
      },
      config: { access: 'audience' },
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      const { limit, offset } = request.query;
      const [rows, total] = await Promise.all([
        listSubscribers(db, filter, { limit, offset }),
        countSubscribers(db, filter),
      ]);
      reply.headers({ ...noStore, 'x-total-count': String(total) });
      return rows.map(toSubscriber);
    },
  );

  app.get<{ Querystring: SubscriberListQuery }>(
    '/export.csv',
    {
      schema: {
        querystring: schemaRef('subscriber-list-query.schema.json'),
        response: {
          200: {
            description:
              'The filtered subscribers as CSV, newest first; its first four columns are what an import reads.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...errorResponses(400, 401),
        },
      },
      config: { access: 'audience' },
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      const lines = [subscriberCsvHeader];
      for (let offset = 0; ; offset += exportBatch) {
        const rows = await listSubscribers(db, filter, { limit: exportBatch, offset });
        for (const row of rows) lines.push(subscriberCsvLine(row));
        if (rows.length < exportBatch) break;
      }
      await auditRequest(db, request, clock(), {
        action: 'subscriber-export',
        target: exportSummary(lines.length - 1, filter),
      });
      const day = clock().toISOString().slice(0, 10);
      return reply
        .headers({
          ...noStore,
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': attachmentDisposition(`subscribers-${day}.csv`),
        })
        .send(lines.join(''));
    },
  );

  app.post<{ Body: Buffer; Querystring: SubscriberImportQuery }>(
    '/import',
    {
      schema: {
        consumes: ['text/csv'],
        querystring: schemaRef('subscriber-import-query.schema.json'),
        response: {
          200: schemaRef('subscriber-import-report.schema.json', 'What was done with each row.'),
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
      config: { access: 'audience' },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body) || request.body.toString('latin1').trim() === '') {
        throw new HttpError(400, emptyFile);
      }
      const report = await importSubscribers(newsletter, request.body, request.query);
      await auditRequest(db, request, clock(), { action: 'subscriber-import', target: importSummary(report) });
      return reply.headers(noStore).send(report);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        params: {
          type: 'object',
          additionalProperties: false,
          required: ['id'],
          properties: { id: { type: 'string', maxLength: 100 } },
        },
        response: {
          204: emptyResponse(
            'Deleted, with nothing kept: the subscriber, the messages sent to it and the confirmation mails of the outbox.',
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      config: { access: 'audience' },
    },
    async (request, reply) => {
      if (!(await deleteSubscriberWholly(db, request.params.id))) {
        throw new HttpError(404, `There is no subscriber ${request.params.id}: it may have been deleted.`);
      }
      await flushErasedPages(db);
      await auditRequest(db, request, clock(), { action: 'subscriber-delete', target: request.params.id });
      return reply.code(204).headers(noStore).send();
    },
  );
};
