import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ContentDocumentVersion, ContentSaved, SiteDocument } from '../../src/content/types.gen.ts';
import { addMember } from '../test-support/team.ts';
import { startStudioApp, type StudioApp } from '../test-support/studio-app.ts';
import { asAdmin } from '../test-support/test-app.ts';
import { guardedFields, lockedChanges } from './field-permissions.ts';

let studio: StudioApp;
let administrator: string;

const url = (rest = '') => `/api/content/site${rest}`;
const read = async (cookie: string) =>
  (await studio.testApp.app.inject(asAdmin(cookie, { method: 'GET', url: url() }))).json<ContentDocumentVersion>();
const put = (cookie: string, document: object, version: string) =>
  studio.testApp.app.inject(
    asAdmin(cookie, { method: 'PUT', url: url(), payload: { document }, headers: { 'if-match': `"${version}"` } }),
  );
const siteFile = () => readFileSync(join(studio.repository.dir, 'content', 'site.json'), 'utf8');
const commits = () => Number(studio.repository.git('rev-list', '--count', 'HEAD'));

/** The site document with `change` made to a copy of it. */
async function changedSite(cookie: string, change: (site: SiteDocument) => void) {
  const { document, version } = await read(cookie);
  const site = structuredClone(document) as unknown as SiteDocument;
  change(site);
  return { site, version };
}

beforeAll(async () => {
  studio = await startStudioApp();
  administrator = (await addMember(studio.testApp.app, studio.owner, 'administrator', 'Ada Administrator')).cookie;
});
afterAll(() => studio.close());

describe('fields of site.json that are settings', () => {
  it('are the notice addresses, what the forms accept, the consent texts and the retention', () => {
    const fields = guardedFields('site.schema.json').map(({ segments, permission }) => [
      segments.join('/'),
      permission,
    ]);
    expect(fields).toEqual([
      ['contact/email', 'leads'],
      ['contact/hrEmail', 'leads'],
      ['forms/enquiry/budgets', 'leads'],
      ['forms/enquiry/consentText', 'leads'],
      ['forms/application/consentText', 'leads'],
      ['forms/newsletter/consentText', 'audience'],
      ['privacy/retentionDays', 'leads'],
    ]);
    expect(guardedFields('page.schema.json')).toEqual([]);
  });

  it('refuses an editor who changes the address lead notices go to, with its pointer, and writes nothing', async () => {
    const { site, version } = await changedSite(studio.editor.cookie, (site) => {
      site.contact.email = 'attacker@evil.example';
      site.contact.hrEmail = 'attacker@evil.example';
    });
    const [before, count] = [siteFile(), commits()];
    const response = await put(studio.editor.cookie, site, version);
    expect(response.statusCode).toBe(403);
    const body = response.json<ApiError>();
    expect(body.message).toMatch(/^Nothing was saved: the change touches 2 fields that your role may not change/);
    expect(body.details).toEqual([
      { path: '/contact/email', message: expect.stringContaining('the permission "leads"') as string },
      { path: '/contact/hrEmail', message: expect.stringContaining('ask the owner or an administrator') as string },
    ]);
    expect(siteFile()).toBe(before);
    expect(commits()).toBe(count);
  });

  it('refuses an editor who changes a consent text, a budget or the retention', async () => {
    const { site, version } = await changedSite(studio.editor.cookie, (site) => {
      site.forms.newsletter.consentText = 'You agree to anything we like.';
      site.forms.enquiry.budgets = [...site.forms.enquiry.budgets, 'Over ₹1 crore a month'];
      site.privacy.retentionDays = 1;
    });
    const response = await put(studio.editor.cookie, site, version);
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiError>().details.map((detail) => detail.path)).toEqual([
      '/forms/enquiry/budgets',
      '/forms/newsletter/consentText',
      '/privacy/retentionDays',
    ]);
  });

  it('lets an editor save the rest of site.json, the protected fields as they were', async () => {
    const { site, version } = await changedSite(studio.editor.cookie, (site) => {
      site.brand.tagline = 'A Gurugram agency that turns attention into revenue, month after month.';
    });
    const response = await put(studio.editor.cookie, site, version);
    expect(response.statusCode).toBe(200);
    expect(response.json<ContentSaved>().commit).toMatch(/^[0-9a-f]{40}$/);
    expect(siteFile()).toContain('month after month');
  });

  it('lets an administrator change the notice address, and refuses an editor the restore of the old one', async () => {
    const { site, version } = await changedSite(administrator, (site) => {
      site.contact.email = 'sales@northbeam.example';
    });
    const saved = await put(administrator, site, version);
    expect(saved.statusCode).toBe(200);
    expect(JSON.parse(siteFile())).toMatchObject({ contact: { email: 'sales@northbeam.example' } });

    const before = studio.repository.git('rev-parse', 'HEAD~1');
    const restore = await studio.testApp.app.inject(
      asAdmin(studio.editor.cookie, { method: 'POST', url: url('/restore'), payload: { commit: before } }),
    );
    expect(restore.statusCode).toBe(403);
    expect(restore.json<ApiError>().details).toEqual([{ path: '/contact/email', message: expect.any(String) }]);
    expect(JSON.parse(siteFile())).toMatchObject({ contact: { email: 'sales@northbeam.example' } });
  });
});

describe('lockedChanges', () => {
  const site = JSON.parse(readFileSync(join(import.meta.dirname, '../../content/site.json'), 'utf8')) as SiteDocument;
  const nobody = () => false;

  it('passes the same values in another key order, and a change by a member with the permission', () => {
    const { hrEmail, ...contact } = site.contact;
    const reordered = { ...site, contact: { hrEmail, ...contact } };
    expect(lockedChanges('site.schema.json', site, reordered, nobody)).toEqual([]);
    const changed = { ...site, contact: { ...site.contact, email: 'x@y.example' } };
    expect(lockedChanges('site.schema.json', site, changed, (permission) => permission === 'leads')).toEqual([]);
  });

  it('counts a protected field taken out as a change', () => {
    const { privacy: _privacy, ...withoutPrivacy } = site;
    expect(lockedChanges('site.schema.json', site, withoutPrivacy, nobody).map((change) => change.path)).toEqual([
      '/privacy/retentionDays',
    ]);
  });
});
