import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDocumentVersion, ContentSaved } from '../../src/content/types.gen.ts';
import { addMember } from '../test-support/team.ts';
import { startStudioApp, type StudioApp } from '../test-support/studio-app.ts';
import { asAdmin } from '../test-support/test-app.ts';

let studio: StudioApp;
beforeAll(async () => {
  studio = await startStudioApp();
});
afterAll(() => studio.close());

const url = (id: string) => `/api/content/${encodeURIComponent(id)}`;

async function save(cookie: string, id: string, description: string, message?: string) {
  const { app } = studio.testApp;
  const opened = (await app.inject(asAdmin(cookie, { method: 'GET', url: url(id) }))).json<ContentDocumentVersion>();
  return app.inject(
    asAdmin(cookie, {
      method: 'PUT',
      url: url(id),
      payload: { document: { ...opened.document, description }, ...(message ? { message } : {}) },
      headers: { 'if-match': opened.version },
    }),
  );
}

describe('who a content commit says wrote it', () => {
  it('takes the e-mail from the account even when the display name carries another one', async () => {
    const { app } = studio.testApp;
    const member = await addMember(app, studio.owner, 'editor', 'Sam Editor');
    const renamed = await app.inject(
      asAdmin(member.cookie, {
        method: 'PATCH',
        url: `/api/users/${member.user._id}`,
        payload: { name: 'Owner Person <owner@northbeam.example>' },
      }),
    );
    expect(renamed.statusCode).toBe(200);
    const response = await save(
      member.cookie,
      'services/seo',
      'Technical SEO, content and links, planned around the searches your buyers make, by Sam.',
    );
    expect(response.statusCode).toBe(200);
    const { commit } = response.json<ContentSaved>();
    expect(studio.repository.git('log', '-1', '--format=%an|%ae', commit!)).toBe(
      `Owner Person owner@northbeam.example|${member.user.email}`,
    );
  });

  it('strips trailers that would credit or bind someone else from the member’s message', async () => {
    const message = [
      'Tighten the SEO page’s description',
      '',
      'Asked for by the sales team.',
      'Co-authored-by: Owner Person <owner@northbeam.example>',
      '',
      'Signed-off-by: Owner Person <owner@northbeam.example>',
      'Reviewed-by: Lead <lead@northbeam.example>',
    ].join('\n');
    const response = await save(
      studio.editor.cookie,
      'services/seo',
      'Technical SEO, content and links, planned around the searches your buyers make, tightened.',
      message,
    );
    expect(response.statusCode).toBe(200);
    const { commit } = response.json<ContentSaved>();
    expect(studio.repository.git('log', '-1', '--format=%B', commit!)).toBe(
      'Tighten the SEO page’s description\n\nAsked for by the sales team.',
    );
    expect(studio.repository.git('show', '-s', '--format=%(trailers)', commit!)).toBe('');
  });

  it('uses the suggested message when nothing but trailers was given', async () => {
    const response = await save(
      studio.editor.cookie,
      'pages/about',
      'We are a small agency of marketers and engineers who measure what they do, every week.',
      'Signed-off-by: Owner Person <owner@northbeam.example>',
    );
    expect(response.statusCode).toBe(200);
    expect(studio.repository.git('log', '-1', '--format=%s')).toBe('Change Description on /about');
  });
});
