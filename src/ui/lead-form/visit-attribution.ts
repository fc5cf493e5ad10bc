import type { LeadAttribution } from '@/content/types.gen.ts';

const storageKey = 'northbeam.visit';
const utmFields = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
} as const;

/**
 * Keeps where this visit came from (its first page, the referring site's host, its UTM parameters) for the tab
 * only: sessionStorage, no cookie, gone when the tab closes. Later pages of the visit keep the first page's.
 */
export function rememberVisit(): void {
  try {
    if (sessionStorage.getItem(storageKey) !== null) return;
    const attribution: LeadAttribution = { landingPage: `${location.pathname}${location.search}`.slice(0, 2000) };
    let referrerHost = '';
    if (document.referrer) {
      const host = new URL(document.referrer).hostname;
      if (host !== location.hostname) referrerHost = host;
    }
    attribution.referrerHost = referrerHost.slice(0, 253);
    const query = new URLSearchParams(location.search);
    for (const [parameter, field] of Object.entries(utmFields)) {
      const value = query.get(parameter);
      if (value) attribution[field] = value.slice(0, 200);
    }
    sessionStorage.setItem(storageKey, JSON.stringify(attribution));
  } catch {
    // Storage turned off: the form is sent without attribution.
  }
}

export function visitAttribution(): LeadAttribution | undefined {
  try {
    const stored = sessionStorage.getItem(storageKey);
    return stored === null ? undefined : (JSON.parse(stored) as LeadAttribution);
  } catch {
    return undefined;
  }
}
