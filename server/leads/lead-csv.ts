import type { LeadRecord } from '../../src/content/types.gen.ts';
import { csvLine, utf8Bom } from './csv.ts';

/** What the export needs besides the leads: the services' titles by their slug. */
export interface LeadCsvFacts {
  services: ReadonlyMap<string, string>;
}

/** `2025-11-28 09:30`: readable, and read as a date and time by spreadsheets; the heading says UTC. */
export const readableDateTime = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

type Column = [heading: string, cell: (lead: LeadRecord, facts: LeadCsvFacts) => string | number | undefined];

const columns: Column[] = [
  ['Received (UTC)', (lead) => readableDateTime(lead.createdAt)],
  ['Type', (lead) => lead.type],
  ['Status', (lead) => lead.status],
  ['Name', (lead) => lead.name],
  ['E-mail', (lead) => lead.email],
  ['Phone', (lead) => lead.phone],
  ['Company', (lead) => lead.company],
  ['Service', (lead, facts) => lead.service && (facts.services.get(lead.service) ?? lead.service)],
  ['Budget', (lead) => lead.budget],
  ['Message', (lead) => lead.message],
  ['Role', (lead) => lead.role],
  ['Cover letter', (lead) => lead.coverLetter],
  ['CV', (lead) => lead.cv?.fileName],
  ['Landing page', (lead) => lead.attribution.landingPage],
  ['Referrer', (lead) => lead.attribution.referrerHost],
  ['utm_source', (lead) => lead.attribution.utmSource],
  ['utm_medium', (lead) => lead.attribution.utmMedium],
  ['utm_campaign', (lead) => lead.attribution.utmCampaign],
  ['utm_term', (lead) => lead.attribution.utmTerm],
  ['utm_content', (lead) => lead.attribution.utmContent],
  ['Notes', (lead) => lead.notes.map((note) => `${readableDateTime(note.at)} ${note.author}: ${note.text}`).join('\n')],
  ['Id', (lead) => lead._id],
];

/** The first line, after the byte order mark that tells spreadsheets the file is UTF-8. */
export const leadCsvHeader = utf8Bom + csvLine(columns.map(([heading]) => heading));

export function leadCsvLine(lead: LeadRecord, facts: LeadCsvFacts): string {
  return csvLine(columns.map(([, cell]) => cell(lead, facts)));
}
