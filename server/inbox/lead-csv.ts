import type { LeadRecord } from '../../src/content/types.gen.ts';
import { csvLine } from './csv.ts';

const columns: [heading: string, cell: (lead: LeadRecord) => string | number | undefined][] = [
  ['Received', (lead) => lead.createdAt],
  ['Type', (lead) => lead.type],
  ['Status', (lead) => lead.status],
  ['Name', (lead) => lead.name],
  ['E-mail', (lead) => lead.email],
  ['Phone', (lead) => lead.phone],
  ['Company', (lead) => lead.company],
  ['Service', (lead) => lead.service],
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
  ['Notes', (lead) => lead.notes.length],
  ['Id', (lead) => lead._id],
];

export const leadCsvHeader = csvLine(columns.map(([heading]) => heading));

export function leadCsvLine(lead: LeadRecord): string {
  return csvLine(columns.map(([, cell]) => cell(lead)));
}
