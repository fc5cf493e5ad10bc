import siteJson from '../../content/site.json';
import type { SiteDocument } from './types.gen.ts';

/** The shared facts of content/site.json (validated by `npm run content:check` before every build). */
export const site = siteJson as SiteDocument;

export const mailto = (address: string) => `mailto:${address}`;
export const tel = (number: string) => `tel:${number}`;

/** The one-line postal address. */
export function formatAddress(doc: SiteDocument = site): string {
  const { lines, locality, region, postalCode, country } = doc.contact.address;
  return [...lines, `${locality}, ${region} ${postalCode}`, country].join(', ');
}
