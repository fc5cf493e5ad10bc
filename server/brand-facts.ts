import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteDocument } from '../src/content/types.gen.ts';
import { repositoryRoot } from './repository-root.ts';

export interface BrandFacts {
  /** Shown as the author of the example posts and of the first admin's posts. */
  teamName: string;
  /** The domain of the agency's e-mail address, for the made-up first admin account. */
  emailDomain: string;
  brandName: string;
  tagline: string;
}

/** The brand facts the server needs (names, tagline, e-mail domain), from content/site.json where they are written once. */
export function readBrandFacts(): BrandFacts {
  const site = JSON.parse(readFileSync(join(repositoryRoot, 'content', 'site.json'), 'utf8')) as SiteDocument;
  const emailDomain = site.contact.email.split('@')[1];
  if (!emailDomain) throw new Error('content/site.json: contact.email has no domain');
  return {
    teamName: site.brand.teamName,
    emailDomain,
    brandName: site.brand.name,
    tagline: site.brand.tagline,
  };
}
