import type { FastifyPluginAsync } from 'fastify';
import type { AuditQuery as AuditQueryParams } from '../../src/content/types.gen.ts';
import type { Kysely } from 'kysely';
import { auditTargetNames } from './audit-target-names.ts';
import { countAuditRows, listAuditRows, type AuditFilter } from './audit-log-store.ts';
import type { Database } from '../store/schema.ts';
import { errorResponses, schemaRef } from '../http/api-schemas.ts';

/** Defaults fill limit and offset in. */
type AuditQuery = Required<Pick<AuditQueryParams, 'limit' | 'offset'>> & AuditFilter;

function pageLink(query: AuditQuery, offset: number, rel: string): string {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(offset) });
  if (query.action !== undefined) params.set('action', query.action);
  if (query.actor !== undefined) params.set('actor', query.actor);
  return `</api/audit?${params}>; rel="${rel}"`;
}

/** The audit log, for signed-in admins only, read-only: no route changes or removes an entry. */
export const auditRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get<{ Querystring: AuditQuery }>(
    '/',
    {
      schema: {
        querystring: schemaRef('security/audit-query.schema.json'),
        response: {
          200: { type: 'array', items: schemaRef('security/audit-entry.schema.json') },
          ...errorResponses(400, 401),
        },
      },
      config: { access: 'security' },
    },
    async (request, reply) => {
      const query = request.query;
      const filter = { action: query.action, actor: query.actor };
      const [rows, total] = await Promise.all([listAuditRows(db, filter, query), countAuditRows(db, filter)]);
      const links: string[] = [];
      if (query.offset + query.limit < total) links.push(pageLink(query, query.offset + query.limit, 'next'));
      if (query.offset > 0) links.push(pageLink(query, Math.max(0, query.offset - query.limit), 'prev'));
      reply.headers({ 'x-total-count': String(total), 'cache-control': 'no-store' });
      if (links.length > 0) reply.header('link', links.join(', '));
      const names = await auditTargetNames(db, rows);
      return rows.map((row) => ({
        _id: row.id,
        at: row.at,
        actor: row.actor,
        action: row.action,
        target: row.target,
        targetName: (row.target !== null && names.get(row.target)) || null,
        address: row.address,
        outcome: row.outcome,
      }));
    },
  );
};
