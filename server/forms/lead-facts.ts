import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteDocument } from '../../src/content/types.gen.ts';
import { consentVersion } from '../../src/domain/consent-version.ts';
import { repositoryRoot } from '../repository-root.ts';

/** The forms whose consent is recorded. */
export type ConsentForm = 'enquiry' | 'application' | 'newsletter';

/** What a form's page offered, as its consent version tells: the words to record and the choices to accept. */
export interface ShownForm {
  consentText: string;
  budgets: ReadonlySet<string>;
  /** Service page slugs. */
  services: ReadonlySet<string>;
}

/**
 * What the forms offer and where their leads are announced: from the site.json of the build served now, so that a
 * change goes live with the pages that show it (docs/decisions/0031). Read each field when needed, never kept.
 */
export interface LeadFacts {
  readonly brandName: string;
  /** The sales address: enquiries are announced there. */
  readonly salesEmail: string;
  /** The HR address: applications are announced there. */
  readonly hrEmail: string;
  /** Services by their page slug (the route without its slash), with their names. */
  readonly services: ReadonlyMap<string, string>;
  readonly budgets: readonly string[];
  readonly enquiryThankYouRoute: string;
  readonly applicationThankYouRoute: string;
  readonly retentionDays: number;
  /** The newsletter signup's consent now, shown on the pages served now. */
  readonly newsletterConsentText: string;
  /**
   * What the page a form was sent from showed, by the consent version the form carried (`consentVersion`): the
   * served build's without one (a program's post). Undefined when no build served here recently showed that version.
   */
  shown(form: ConsentForm, version: string | undefined): ShownForm | undefined;
}

/**
 * The refusal of a post whose consent version no build served here lately showed: its words are not known, and
 * words the person did not read are never recorded.
 */
export const consentChanged = {
  path: '/consent',
  message:
    'these consent words changed while the page was open: reload the page to read the new ones, then agree and send again',
};

/** content/site.json of the repository, as the server read it at its start. */
export function readRepositorySite(): SiteDocument {
  return JSON.parse(readFileSync(join(repositoryRoot, 'content', 'site.json'), 'utf8')) as SiteDocument;
}

const consentOf = (site: SiteDocument, form: ConsentForm): string => site.forms[form].consentText;

/**
 * The facts of whichever site document `sites` names first: the served build's, then those of the builds served
 * before it, newest first (served-site.ts `LiveBuild.sites`), whose pages may still be open in a browser.
 */
export function liveLeadFacts(sites: () => readonly SiteDocument[]): LeadFacts {
  const current = () => sites()[0]!;
  return {
    get brandName() {
      return current().brand.name;
    },
    get salesEmail() {
      return current().contact.email;
    },
    get hrEmail() {
      return current().contact.hrEmail;
    },
    get services() {
      return new Map(current().services.map((service) => [service.route.slice(1), service.title]));
    },
    get budgets() {
      return current().forms.enquiry.budgets;
    },
    get enquiryThankYouRoute() {
      return current().forms.enquiry.thankYouRoute;
    },
    get applicationThankYouRoute() {
      return current().forms.application.thankYouRoute;
    },
    get retentionDays() {
      return current().privacy.retentionDays;
    },
    get newsletterConsentText() {
      return current().forms.newsletter.consentText;
    },
    shown(form, version) {
      const all = sites();
      const matching =
        version === undefined
          ? all.slice(0, 1)
          : all.filter((site) => consentVersion(consentOf(site, form)) === version);
      if (matching.length === 0) return undefined;
      return {
        consentText: consentOf(matching[0]!, form),
        budgets: new Set(matching.flatMap((site) => site.forms.enquiry.budgets)),
        services: new Set(matching.flatMap((site) => site.services.map((service) => service.route.slice(1)))),
      };
    },
  };
}

/** The facts of one site document, which never change: the repository's by default (tests, tools). */
export function readLeadFacts(site: SiteDocument = readRepositorySite()): LeadFacts {
  return liveLeadFacts(() => [site]);
}
