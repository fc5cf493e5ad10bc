import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteDocument } from '../../src/content/types.gen.ts';
import { repositoryRoot } from '../repository-root.ts';

/** What the forms offer and where their leads are announced, from content/site.json. */
export interface LeadFacts {
  brandName: string;
  /** The sales address: enquiries are announced there. */
  salesEmail: string;
  /** The HR address: applications are announced there. */
  hrEmail: string;
  /** Services by their page slug (the route without its slash), with their names. */
  services: Map<string, string>;
  budgets: string[];
  enquiryConsentText: string;
  applicationConsentText: string;
  /** The newsletter signup's consent, stored with each subscriber. */
  newsletterConsentText: string;
  enquiryThankYouRoute: string;
  applicationThankYouRoute: string;
  retentionDays: number;
}

export function readLeadFacts(): LeadFacts {
  const site = JSON.parse(readFileSync(join(repositoryRoot, 'content', 'site.json'), 'utf8')) as SiteDocument;
  return {
    brandName: site.brand.name,
    salesEmail: site.contact.email,
    hrEmail: site.contact.hrEmail,
    services: new Map(site.services.map((service) => [service.route.slice(1), service.title])),
    budgets: site.forms.enquiry.budgets,
    enquiryConsentText: site.forms.enquiry.consentText,
    applicationConsentText: site.forms.application.consentText,
    newsletterConsentText: site.forms.newsletter.consentText,
    enquiryThankYouRoute: site.forms.enquiry.thankYouRoute,
    applicationThankYouRoute: site.forms.application.thankYouRoute,
    retentionDays: site.privacy.retentionDays,
  };
}
