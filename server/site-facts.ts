import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SiteDocument } from '../src/content/types.gen.ts';

/** The nearest folder holding package.json: server/ when run from source, and also from a bundle of the server. */
function findRepositoryRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const repositoryRoot = findRepositoryRoot(import.meta.dirname);

export interface SiteFacts {
  /** Shown as the author of the example posts and of the first admin's posts. */
  teamName: string;
  /** The domain of the agency's e-mail address, for the made-up first admin account. */
  emailDomain: string;
  brandName: string;
  tagline: string;
}

/** The facts the server shares with the site, from content/site.json where they are written once. */
export function readSiteFacts(): SiteFacts {
  const site = JSON.parse(readFileSync(join(repositoryRoot, 'content', 'site.json'), 'utf8')) as SiteDocument;
  const emailDomain = site.contact.email.split('@')[1];
  if (!emailDomain) throw new Error('content/site.json: contact.email has no domain');
  return { teamName: site.brand.teamName, emailDomain, brandName: site.brand.name, tagline: site.brand.tagline };
}
