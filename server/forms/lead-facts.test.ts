import { describe, expect, it } from 'vitest';
import type { SiteDocument } from '../../src/content/types.gen.ts';
import { consentVersion } from '../../src/domain/consent-version.ts';
import { liveLeadFacts, readRepositorySite } from './lead-facts.ts';

const before = readRepositorySite();
const after: SiteDocument = structuredClone(before);
after.contact.email = 'sales@northbeam.example';
after.forms.enquiry.budgets = ['Over ₹1 crore a month'];
after.forms.enquiry.consentText = 'I agree that Northbeam may keep what I send for six months.';

describe('the forms’ facts, from the builds served', () => {
  it('follow the served build at once: a swap needs no restart', () => {
    let sites: SiteDocument[] = [before];
    const facts = liveLeadFacts(() => sites);
    expect(facts.salesEmail).toBe(before.contact.email);
    sites = [after, before];
    expect(facts.salesEmail).toBe('sales@northbeam.example');
    expect(facts.budgets).toEqual(['Over ₹1 crore a month']);
  });

  it('give the words and choices of the page a consent version names, the served build’s without one', () => {
    const facts = liveLeadFacts(() => [after, before]);
    const now = facts.shown('enquiry', consentVersion(after.forms.enquiry.consentText))!;
    expect(now.consentText).toBe(after.forms.enquiry.consentText);
    expect([...now.budgets]).toEqual(['Over ₹1 crore a month']);
    const earlier = facts.shown('enquiry', consentVersion(before.forms.enquiry.consentText))!;
    expect(earlier.consentText).toBe(before.forms.enquiry.consentText);
    expect(earlier.budgets.has(before.forms.enquiry.budgets[0]!)).toBe(true);
    expect(earlier.budgets.has('Over ₹1 crore a month')).toBe(false);
    expect(facts.shown('enquiry', undefined)!.consentText).toBe(after.forms.enquiry.consentText);
    // The newsletter's words did not change: both builds showed them, and their choices are both accepted.
    const newsletter = facts.shown('newsletter', consentVersion(before.forms.newsletter.consentText))!;
    expect(newsletter.consentText).toBe(before.forms.newsletter.consentText);
  });

  it('know no version that no build kept showed', () => {
    const facts = liveLeadFacts(() => [after]);
    expect(facts.shown('enquiry', consentVersion(before.forms.enquiry.consentText))).toBeUndefined();
    expect(facts.shown('application', 'x0')).toBeUndefined();
  });
});

describe('consentVersion', () => {
  it('tells texts apart by a word or a space, and gives one text one version', () => {
    const text = before.forms.enquiry.consentText;
    expect(consentVersion(text)).toBe(consentVersion(`${text}`));
    expect(consentVersion(text)).toMatch(/^[0-9a-z]{1,20}$/);
    expect(consentVersion(`${text} `)).not.toBe(consentVersion(text));
    expect(consentVersion(text.replace('12 months', '6 months'))).not.toBe(consentVersion(text));
  });
});
