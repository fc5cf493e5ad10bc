import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { LeadIdParams, LeadListQuery, LeadUpdate } from '../../src/content/types.gen.ts';
import { auditRequest } from '../audit/index.ts';
import { signedInAdmin } from '../auth/index.ts';
import { emptyResponse, errorResponses, schemaRef } from '../http/api-schemas.ts';
import { HttpError } from '../http/errors.ts';
import { cvDownloadName } from '../../src/domain/lead-retention.ts';
import { attachmentDisposition } from './attachment-name.ts';
import { leadCsvHeader, leadCsvLine, type LeadCsvFacts } from './lead-csv.ts';
import { leadQuerySchema } from './lead-query-schemas.ts';
import { changeLead, countLeads, deleteLeads, listLeadRows, type LeadFilter } from './lead-queries.ts';
import { readLead, readLeadCv, toLeadRecords } from './lead-store.ts';
import type { Database } from '../store/schema.ts';

export interface LeadRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  facts: LeadCsvFacts;
}

type ListQuery = Required<Pick<LeadListQuery, 'limit' | 'offset'>> & LeadFilter;

// Leads are personal data: no browser or proxy keeps a copy.
const noStore = { 'cache-control': 'no-store' };
const exportBatch = 500;

const leadRef = schemaRef('lead.schema.json');
const idParams = schemaRef('api/lead-id-params.schema.json');

function notFound(id: string): HttpError {
  return new HttpError(404, `There is no lead ${id}: it may have been deleted.`);
}

/** A period that ends before it starts is a mistake to name, not an empty list. */
function refuseBackwardsPeriod({ from, to }: LeadFilter): void {
  if (from !== undefined && to !== undefined && from > to) {
    throw new HttpError(400, `The period starts (${from}) after it ends (${to}).`, [
      { path: '/from', message: 'must be on or before to' },
      { path: '/to', message: 'must be on or after from' },
    ]);
  }
}

function filterOf(query: LeadFilter): LeadFilter {
  const { type, status, service, q, from, to } = query;
  return { type, status, service, q: q?.trim() || undefined, from, to };
}

function pageLink(request: FastifyRequest, query: ListQuery, offset: number, rel: string): string {
  const params = new URLSearchParams(request.url.split('?')[1] ?? '');
  params.set('limit', String(query.limit));
  params.set('offset', String(offset));
  return `</api/leads?${params}>; rel="${rel}"`;
}

/** The Inbox: enquiries and applications, for admins only; every read of a CV and every export is audited. */
export const leadRoutes: FastifyPluginAsync<LeadRoutesOptions> = async (app, { db, clock, facts }) => {
  app.get<{ Querystring: ListQuery }>(
    '/',
    {
      schema: {
        querystring: leadQuerySchema('lead-list-query'),
        response: { 200: { type: 'array', items: leadRef }, ...errorResponses(400, 401) },
      },
      config: { access: 'leads' },
    },
    async (request, reply) => {
      const { query } = request;
      const filter = filterOf(query);
      refuseBackwardsPeriod(filter);
      const [rows, total] = await Promise.all([listLeadRows(db, filter, query), countLeads(db, filter)]);
      const links: string[] = [];
      if (query.offset + query.limit < total) links.push(pageLink(request, query, query.offset + query.limit, 'next'));
      if (query.offset > 0) links.push(pageLink(request, query, Math.max(0, query.offset - query.limit), 'prev'));
      reply.headers({ ...noStore, 'x-total-count': String(total) });
      if (links.length > 0) reply.header('link', links.join(', '));
      return toLeadRecords(db, rows);
    },
  );

  app.get<{ Querystring: LeadFilter }>(
    '/export.csv',
    {
      schema: {
        querystring: leadQuerySchema('lead-export-query'),
        response: {
          200: {
            description: 'The filtered leads as CSV, newest first, with a header line.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...errorResponses(400, 401),
        },
      },
      config: { access: 'leads' },
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      refuseBackwardsPeriod(filter);
      const lines = [leadCsvHeader];
      for (let offset = 0; ; offset += exportBatch) {
        const rows = await listLeadRows(db, filter, { limit: exportBatch, offset });
        for (const lead of await toLeadRecords(db, rows)) lines.push(leadCsvLine(lead, facts));
        if (rows.length < exportBatch) break;
      }
      await auditRequest(db, request, clock(), { action: 'lead-export', target: null });
      const day = clock().toISOString().slice(0, 10);
      return reply
        .headers({
          ...noStore,
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': attachmentDisposition(`leads-${day}.csv`),
        })
        .send(lines.join(''));
    },
  );

  app.get<{ Params: LeadIdParams }>(
    '/:id',
    {
      schema: { params: idParams, response: { 200: leadRef, ...errorResponses(400, 401, 404) } },
      config: { access: 'leads' },
    },
    async (request, reply) => {
      const lead = await readLead(db, request.params.id);
      if (lead === undefined) throw notFound(request.params.id);
      return reply.headers(noStore).send(lead);
    },
  );

  app.patch<{ Params: LeadIdParams; Body: LeadUpdate }>(
    '/:id',
    {
      schema: {
        params: idParams,
        body: schemaRef('lead-update.schema.json'),
        response: { 200: leadRef, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: 'leads' },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { status, note } = request.body;
      const admin = signedInAdmin(request);
      const at = clock();
      const found = await changeLead(db, id, { status, note, by: admin.email, at: at.toISOString() });
      if (!found) throw notFound(id);
      await auditRequest(db, request, at, { action: 'lead-update', target: id });
      return reply.headers(noStore).send(await readLead(db, id));
    },
  );

  app.delete<{ Params: LeadIdParams }>(
    '/:id',
    {
      schema: {
        params: idParams,
        response: {
          204: emptyResponse('Deleted, with its notes, history and CV.'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      config: { access: 'leads' },
    },
    async (request, reply) => {
      const { id } = request.params;
      const removed = await deleteLeads(db, [id]);
      if (removed.leads === 0) throw notFound(id);
      await auditRequest(db, request, clock(), { action: 'lead-delete', target: id });
      return reply.code(204).headers(noStore).send();
    },
  );

  app.get<{ Params: LeadIdParams }>(
    '/:id/cv',
    {
      schema: {
        params: idParams,
        response: {
          200: {
            description: 'The CV, always as an attachment.',
            content: {
              'application/pdf': { schema: { type: 'string', format: 'binary' } },
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
                schema: { type: 'string', format: 'binary' },
              },
            },
          },
          ...errorResponses(400, 401, 404),
        },
      },
      config: { access: 'leads' },
    },
    async (request, reply) => {
      const { id } = request.params;
      const cv = await readLeadCv(db, id);
      if (cv === undefined) {
        const lead = await readLead(db, id);
        throw lead === undefined
          ? notFound(id)
          : new HttpError(404, `${lead.name}'s lead has no CV: it was never sent, or the retention period ended.`);
      }
      await auditRequest(db, request, clock(), { action: 'lead-cv-view', target: id });
      return reply
        .headers({
          ...noStore,
          'content-type': cv.mime_type,
          'content-disposition': attachmentDisposition(cvDownloadName(cv.file_name, cv.mime_type)),
          'x-content-type-options': 'nosniff',
          // A document opened from this address by mistake still runs nothing and embeds nothing.
          'content-security-policy': "default-src 'none'; sandbox",
        })
        .send(cv.data);
    },
  );
};
