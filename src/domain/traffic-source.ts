/**
 * Where a page view or a lead came from, by one rule for both (issue 38): the referring site's host as people say it
 * (www.google.com and google.com are one source), a page of this site as a path of its own (never another site's
 * address written to look like one), and UTM values cut to a length a report can show.
 */
import type { LeadAttribution } from '../content/types.gen.ts';

/** The longest host name DNS allows. */
const maxHostLength = 253;
/** The longest path kept: no page of the site is longer; a longer one is no page of the site. */
export const maxPathLength = 512;
/** The longest UTM value kept; a longer one is cut there. */
export const maxTagLength = 100;

const hostName = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*$/;

/** A host name as a source: lower case, without a final dot or a leading "www."; null when it is no host name. */
export function sourceHost(host: string): string | null {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  return name.length <= maxHostLength && hostName.test(name) ? name : null;
}

/**
 * The host of the page that sent the visitor, as a source: only an http(s) page of another site (`ownHosts` are the
 * host names this site is reached at); null otherwise.
 */
export function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = sourceHost(url.hostname);
  return host === null || ownHosts.some((own) => sourceHost(own) === host) ? null : host;
}

const siteOrigin = 'http://site.invalid';

/**
 * A page of this site as its path, without query or fragment: null for anything a browser would read as another
 * site (`//evil.example/…`, `/\evil.example/…`, `https://…`), and for a path longer than any page's.
 */
export function sitePath(value: string | undefined): string | null {
  if (!value?.startsWith('/') || value[1] === '/' || value[1] === '\\') return null;
  let url: URL;
  try {
    url = new URL(value, siteOrigin);
  } catch {
    return null;
  }
  if (url.origin !== siteOrigin || url.pathname.length > maxPathLength) return null;
  return url.pathname;
}

/** The address's UTM parameters and the attribution's fields that keep them. */
export const utmParameters = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
} as const;

/** A UTM value as kept: trimmed, without control characters, cut at `maxTagLength`; null when nothing is left. */
export function campaignTag(value: string | undefined): string | null {
  const text = value
    ?.replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, maxTagLength)
    .trim();
  return text ? text : null;
}

/**
 * A lead's attribution as stored: the landing page a path of this site, the referrer a host name ("" stays "no
 * referrer"), UTM values kept as page views keep them. A part that is none of these is left out, not refused: a lead
 * is never lost over where it came from.
 */
export function checkedAttribution(attribution: LeadAttribution | undefined): LeadAttribution | undefined {
  if (attribution === undefined) return undefined;
  const checked: LeadAttribution = {};
  const landingPage = sitePath(attribution.landingPage);
  if (landingPage !== null) checked.landingPage = landingPage;
  if (attribution.referrerHost === '') checked.referrerHost = '';
  else if (attribution.referrerHost !== undefined) {
    const host = sourceHost(attribution.referrerHost);
    if (host !== null) checked.referrerHost = host;
  }
  for (const field of Object.values(utmParameters)) {
    const tag = campaignTag(attribution[field]);
    if (tag !== null) checked[field] = tag;
  }
  return checked;
}
