import type { LeadRecord } from '../../src/content/types.gen.ts';
import type { OutgoingMail } from '../mail/index.ts';
import type { LeadFacts } from '../forms/index.ts';

const line = (label: string, value: string | undefined): string[] => (value ? [`${label}: ${value}`] : []);

/**
 * The notification of a new lead, to sales for an enquiry and to HR for an application. It names the person and
 * what they wrote; the CV stays in the database, to be downloaded from the Inbox.
 */
export function leadNotification(lead: LeadRecord, facts: LeadFacts, origin: string): OutgoingMail {
  const enquiry = lead.type === 'enquiry';
  const service = lead.service && (facts.services.get(lead.service) ?? lead.service);
  const { attribution } = lead;
  const campaign = [attribution.utmSource, attribution.utmMedium, attribution.utmCampaign].filter(Boolean).join(' / ');
  const text = [
    enquiry ? `A new enquiry reached ${facts.brandName}.` : `A new job application reached ${facts.brandName}.`,
    '',
    ...line('Name', lead.name),
    ...line('E-mail', lead.email),
    ...line('Phone', lead.phone),
    ...line('Company', lead.company),
    ...line('Service', service),
    ...line('Budget', lead.budget),
    ...line('Role', lead.role),
    ...line('CV', lead.cv && `${lead.cv.fileName} (${Math.ceil(lead.cv.bytes / 1024)} KB), in the Inbox`),
    '',
    ...(lead.message ? [lead.message, ''] : []),
    ...(lead.coverLetter ? ['Cover letter:', lead.coverLetter, ''] : []),
    ...line('Landing page', attribution.landingPage),
    ...line('Came from', attribution.referrerHost),
    ...line('Campaign', campaign),
    '',
    `Open it in the Inbox to answer it and follow it up: ${origin}/admin/inbox/${encodeURIComponent(lead._id)}`,
  ].join('\n');
  return {
    to: [enquiry ? facts.salesEmail : facts.hrEmail],
    subject: enquiry
      ? `New enquiry from ${lead.name}${service ? ` about ${service}` : ''}`
      : `New application from ${lead.name}${lead.role ? ` for ${lead.role}` : ''}`,
    text,
    replyTo: lead.email,
    about: `lead:${lead._id}`,
  };
}
