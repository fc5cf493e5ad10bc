import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { clientAddress } from '../http/client-address.ts';
import { deleteAuditRowsBefore, insertAuditRow } from './audit-log-store.ts';
import type { AuditEntry as GeneratedAuditEntry } from '../../src/content/types.gen.ts';
import type { Database } from '../store/schema.ts';

export const auditRetentionMs = 180 * 24 * 60 * 60 * 1000;
const pruneIntervalMs = 60 * 60 * 1000;

export type AuditAction = GeneratedAuditEntry['action'];

/** What recordAudit takes: the schema's entry, with a Date and without the id it assigns. */
export interface AuditEntry extends Pick<GeneratedAuditEntry, 'actor' | 'action'> {
  at: Date;
  /** What was acted on: a post's id, a session's id, a media file's id. */
  target?: string | null;
  address?: string | null;
  outcome?: GeneratedAuditEntry['outcome'];
}

const lastPrunes = new WeakMap<Kysely<Database>, number>();

/** Removes entries older than 180 days. */
export async function pruneAuditLog(db: Kysely<Database>, now: Date): Promise<number> {
  lastPrunes.set(db, now.getTime());
  return deleteAuditRowsBefore(db, new Date(now.getTime() - auditRetentionMs).toISOString());
}

/**
 * Writes one entry of the audit log. Entries are never changed afterwards; those past 180 days are pruned here,
 * at most once an hour (by the entry's time, so that tests can move a clock), as well as at start-up.
 */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await insertAuditRow(db, {
    id: randomUUID(),
    at: entry.at.toISOString(),
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    address: entry.address ?? null,
    outcome: entry.outcome ?? 'success',
  });
  const last = lastPrunes.get(db);
  if (last === undefined || entry.at.getTime() - last >= pruneIntervalMs) await pruneAuditLog(db, entry.at);
}

/** The entry of what a signed-in admin did through this request. */
export function auditRequest(
  db: Kysely<Database>,
  request: FastifyRequest,
  at: Date,
  entry: Omit<AuditEntry, 'at' | 'actor' | 'address'>,
): Promise<void> {
  return recordAudit(db, { ...entry, at, actor: request.user?.email ?? null, address: clientAddress(request) });
}
