import { createHash, randomUUID } from 'node:crypto';
import type { LeadAttribution } from '../../src/content/types.gen.ts';
import { openDatabase, type StoreLocation } from '../store/database.ts';
import { attributionColumns, emailKey, insertLead, type LeadRow } from '../leads/index.ts';

export interface TestLead extends Partial<Omit<LeadRow, 'id'>> {
  attribution?: LeadAttribution;
  /** A CV's name and bytes; a PDF. */
  cv?: { fileName: string; data: Buffer };
}

/**
 * Stores leads straight into a server's database, as the forms would have, arriving `now` unless they say when,
 * and gives their ids in order.
 */
export async function storeLeads(store: StoreLocation, leads: TestLead[], now = new Date()): Promise<string[]> {
  const db = openDatabase(store);
  try {
    const ids: string[] = [];
    for (const { attribution, cv, ...fields } of leads) {
      const at = fields.created_at ?? now.toISOString();
      const email = fields.email ?? 'prospect@example.com';
      const lead: LeadRow = {
        id: randomUUID(),
        type: cv ? 'application' : 'enquiry',
        status: 'new',
        name: 'Jo Prospect',
        email,
        email_key: emailKey(email),
        phone: null,
        company: null,
        service: null,
        budget: null,
        message: cv ? null : 'We would like a new website by spring.',
        role: null,
        cover_letter: null,
        consent_text: 'You may keep what I send for a year.',
        ...attributionColumns(attribution),
        spam_reason: null,
        updated_at: at,
        ...fields,
        created_at: at,
      };
      const file = cv && {
        file_name: cv.fileName,
        mime_type: 'application/pdf' as const,
        bytes: cv.data.length,
        sha256: createHash('sha256').update(cv.data).digest('hex'),
        created_at: at,
        data: cv.data,
      };
      await insertLead(db, lead, randomUUID(), file);
      ids.push(lead.id);
    }
    return ids;
  } finally {
    await db.destroy();
  }
}

export const testPdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
