import type { LeadAttribution } from '@/content/types.gen.ts';
import { campaignTag, referrerHost, sitePath, utmParameters } from '@/domain/traffic-source.ts';

const storageKey = 'northbeam.visit';

/**
 * Keeps where this visit came from (its first page, the referring site's host, its UTM parameters) for the tab
 * only: sessionStorage, no cookie, gone when the tab closes. Later pages of the visit keep the first page's. The
 * host and the page are taken by the rule page views are counted by, so that leads and visits share their sources.
 */
export function rememberVisit(): void {
  try {
    if (sessionStorage.getItem(storageKey) !== null) return;
    const attribution: LeadAttribution = {};
    const landingPage = sitePath(location.pathname);
    if (landingPage !== null) attribution.landingPage = landingPage;
    attribution.referrerHost = referrerHost(document.referrer, [location.hostname]) ?? '';
    const query = new URLSearchParams(location.search);
    for (const [parameter, field] of Object.entries(utmParameters)) {
      const value = campaignTag(query.get(parameter) ?? undefined);
      if (value !== null) attribution[field] = value;
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
