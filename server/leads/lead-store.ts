import type { Kysely, Selectable } from 'kysely';
import type { LeadAttribution, LeadFile, LeadRecord } from '../../src/content/types.gen.ts';
import { checkedAttribution } from '../../src/domain/traffic-source.ts';
import type { Database, LeadFileTable, LeadNoteTable, LeadStatusChangeTable, LeadTable } from '../store/schema.ts';

export type LeadRow = Selectable<LeadTable>;
export type LeadNoteRow = Selectable<LeadNoteTable>;
export type LeadStatusChangeRow = Selectable<LeadStatusChangeTable>;
export type LeadFileRow = Selectable<LeadFileTable>;
/** A CV's description without its bytes. */
export type LeadFileInfo = Pick<LeadFileRow, 'lead_id' | 'file_name' | 'mime_type' | 'bytes'>;

/** The key privacy requests find an address's leads by: the same address however it was typed. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

type AttributionColumns = Pick<
  LeadRow,
  'landing_page' | 'referrer_host' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content'
>;

/** The columns of a lead's attribution, as src/domain/traffic-source.ts checks it: pages of this site, hosts, UTM. */
export function attributionColumns(sent: LeadAttribution | undefined): AttributionColumns {
  const attribution = checkedAttribution(sent);
  return {
    landing_page: attribution?.landingPage ?? null,
    referrer_host: attribution?.referrerHost ?? null,
    utm_source: attribution?.utmSource ?? null,
    utm_medium: attribution?.utmMedium ?? null,
    utm_campaign: attribution?.utmCampaign ?? null,
    utm_term: attribution?.utmTerm ?? null,
    utm_content: attribution?.utmContent ?? null,
  };
}

/** Only the parts that were sent: an empty referrer host ("no referrer") is kept, a missing one is not. */
function toAttribution(row: AttributionColumns): LeadAttribution {
  const attribution: LeadAttribution = {};
  if (row.landing_page !== null) attribution.landingPage = row.landing_page;
  if (row.referrer_host !== null) attribution.referrerHost = row.referrer_host;
  if (row.utm_source !== null) attribution.utmSource = row.utm_source;
  if (row.utm_medium !== null) attribution.utmMedium = row.utm_medium;
  if (row.utm_campaign !== null) attribution.utmCampaign = row.utm_campaign;
  if (row.utm_term !== null) attribution.utmTerm = row.utm_term;
  if (row.utm_content !== null) attribution.utmContent = row.utm_content;
  return attribution;
}

function toLeadFile(file: LeadFileInfo): LeadFile {
  return { fileName: file.file_name, mimeType: file.mime_type, bytes: file.bytes };
}

export interface LeadParts {
  notes: LeadNoteRow[];
  history: LeadStatusChangeRow[];
  cv?: LeadFileInfo;
}

/** The one mapper from the store's rows to the API's record (schemas/lead.schema.json). */
export function toLeadRecord(row: LeadRow, parts: LeadParts): LeadRecord {
  const record: LeadRecord = {
    _id: row.id,
    type: row.type,
    status: row.status,
    name: row.name,
    email: row.email,
    consentText: row.consent_text,
    attribution: toAttribution(row),
    createdAt: row.created_at,
    notes: parts.notes.map((note) => ({ at: note.at, author: note.author, text: note.text })),
    history: parts.history.map((change) => ({ at: change.at, by: change.changed_by, status: change.status })),
  };
  if (row.phone !== null) record.phone = row.phone;
  if (row.company !== null) record.company = row.company;
  if (row.service !== null) record.service = row.service;
  if (row.budget !== null) record.budget = row.budget;
  if (row.message !== null) record.message = row.message;
  if (row.role !== null) record.role = row.role;
  if (row.cover_letter !== null) record.coverLetter = row.cover_letter;
  if (parts.cv) record.cv = toLeadFile(parts.cv);
  return record;
}

/**
 * Stores a lead with its first status change and its CV. Pass a transaction to write it together with what
 * goes with it (the outbox's mail, the form post counted by the spam limits).
 */
export async function insertLead(
  db: Kysely<Database>,
  lead: LeadRow,
  statusChangeId: string,
  cv?: Omit<LeadFileRow, 'lead_id'>,
): Promise<void> {
  await db.insertInto('leads').values(lead).execute();
  await db
    .insertInto('lead_status_changes')
    .values({ id: statusChangeId, lead_id: lead.id, at: lead.created_at, changed_by: null, status: lead.status })
    .execute();
  if (cv)
    await db
      .insertInto('lead_files')
      .values({ ...cv, lead_id: lead.id })
      .execute();
}

/** Records for many rows in three queries: their notes and history oldest first, and their CVs' descriptions. */
export async function toLeadRecords(db: Kysely<Database>, rows: LeadRow[]): Promise<LeadRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [notes, history, files] = await Promise.all([
    db.selectFrom('lead_notes').selectAll().where('lead_id', 'in', ids).orderBy('at').orderBy('id').execute(),
    db.selectFrom('lead_status_changes').selectAll().where('lead_id', 'in', ids).orderBy('at').orderBy('id').execute(),
    db
      .selectFrom('lead_files')
      .select(['lead_id', 'file_name', 'mime_type', 'bytes'])
      .where('lead_id', 'in', ids)
      .execute(),
  ]);
  return rows.map((row) =>
    toLeadRecord(row, {
      notes: notes.filter((note) => note.lead_id === row.id),
      history: history.filter((change) => change.lead_id === row.id),
      cv: files.find((file) => file.lead_id === row.id),
    }),
  );
}

export async function readLead(db: Kysely<Database>, id: string): Promise<LeadRecord | undefined> {
  const row = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [record] = await toLeadRecords(db, [row]);
  return record;
}

/** A CV with its bytes, for the admin's download. */
export async function readLeadCv(db: Kysely<Database>, leadId: string): Promise<LeadFileRow | undefined> {
  const row = await db.selectFrom('lead_files').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
  // pg gives a Buffer for bytea, better-sqlite3 a Buffer for a BLOB; both are Uint8Arrays.
  return row && { ...row, data: Buffer.from(row.data) };
}

/**
 * Sets the status a lead arrived with, and its spam reason (null for none), as the server decided it: a lead held or
 * flagged as spam on arrival that is confirmed, or one past the notices' hourly limit.
 */
export async function setArrivalStatus(
  db: Kysely<Database>,
  id: string,
  status: LeadRow['status'],
  spamReason: string | null,
  at: string,
): Promise<void> {
  await db.updateTable('leads').set({ status, spam_reason: spamReason, updated_at: at }).where('id', '=', id).execute();
  await db
    .updateTable('lead_status_changes')
    .set({ status })
    .where('lead_id', '=', id)
    .where('changed_by', 'is', null)
    .execute();
}
