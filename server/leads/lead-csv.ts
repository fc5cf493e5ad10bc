import type { LeadRecord } from '../../src/content/types.gen.ts';
import { csvDateTime, csvHeader, csvLine } from '../lib/csv-write.ts';

/** What the export needs besides the leads: the services' titles by their slug. */
export interface LeadCsvFacts {
  services: ReadonlyMap<string, string>;
}

type Column = [heading: string, cell: (lead: LeadRecord, facts: LeadCsvFacts) => string | number | undefined];

const columns: Column[] = [
  ['received_at_utc', (lead) => csvDateTime(lead.createdAt)],
  ['type', (lead) => lead.type],
  ['status', (lead) => lead.status],
  ['name', (lead) => lead.name],
  ['email', (lead) => lead.email],
  ['phone', (lead) => lead.phone],
  ['company', (lead) => lead.company],
  ['service', (lead, facts) => lead.service && (facts.services.get(lead.service) ?? lead.service)],
  ['budget', (lead) => lead.budget],
  ['message', (lead) => lead.message],
  ['role', (lead) => lead.role],
  ['cover_letter', (lead) => lead.coverLetter],
  ['cv_file', (lead) => lead.cv?.fileName],
  ['landing_page', (lead) => lead.attribution.landingPage],
  ['referrer', (lead) => lead.attribution.referrerHost],
  ['utm_source', (lead) => lead.attribution.utmSource],
  ['utm_medium', (lead) => lead.attribution.utmMedium],
  ['utm_campaign', (lead) => lead.attribution.utmCampaign],
  ['utm_term', (lead) => lead.attribution.utmTerm],
  ['utm_content', (lead) => lead.attribution.utmContent],
  ['notes', (lead) => lead.notes.map((note) => `${csvDateTime(note.at)} ${note.author}: ${note.text}`).join('\n')],
  ['id', (lead) => lead._id],
];

/** The first line, after the byte order mark that tells spreadsheets the file is UTF-8. */
export const leadCsvHeader = csvHeader(columns.map(([heading]) => heading));

export function leadCsvLine(lead: LeadRecord, facts: LeadCsvFacts): string {
  return csvLine(columns.map(([, cell]) => cell(lead, facts)));
}
