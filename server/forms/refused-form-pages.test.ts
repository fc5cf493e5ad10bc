import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testPdf } from '../test-support/cv-files.ts';
import { postCommentForm } from '../test-support/comments.ts';
import { applicationFields, confirmationOf, postApplication, postEnquiryForm } from '../test-support/leads.ts';
import { testImage } from '../test-support/media.ts';
import { createPost } from '../test-support/posts.ts';
import { buildSiteForTests, type SiteBuild } from '../test-support/site-build.ts';
import { createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let site: SiteBuild;
let testApp: TestApp;

beforeAll(async () => {
  site = await buildSiteForTests(['/', '/blog', '/seo', '/contact', '/work-with-us']);
}, 180_000);
afterAll(() => site?.remove());
beforeEach(async () => {
  testApp = await createTestApp({ clientDir: site.clientDir });
});
afterEach(() => testApp.close());

const asPage = { accept: 'text/html,application/xhtml+xml' };

/** Sends a refused plain form post and follows its 303 as a browser does: the page, and where it was sent. */
async function refuseAndFollow(request: InjectOptions, page: string, form: string) {
  const refused = await testApp.app.inject(request);
  expect(refused.statusCode).toBe(303);
  expect(refused.headers['cache-control']).toBe('no-store');
  const location = String(refused.headers.location);
  expect(location).toMatch(new RegExp(`^${page}\\?refused=[\\w-]{20,}#${form}-form-problems$`));
  const shown = await testApp.app.inject({ url: location.split('#')[0] });
  expect(shown.statusCode).toBe(200);
  expect(shown.headers['cache-control']).toBe('no-store');
  expect(shown.body).toMatch(/<title>Error: [^<]+<\/title>/);
  expect(shown.body).toContain(`id="${form}-form-problems"`);
  return { location, html: shown.body };
}

describe('a refused form sent without JavaScript', () => {
  it('comes back to the enquiry’s own page, at its problems, with everything typed and a title saying Error', async () => {
    const fields = {
      name: 'Kabir Rao',
      email: 'kabir-at-example',
      message: 'Rankings for our agency.',
      returnTo: '/seo',
    };
    const { location, html } = await refuseAndFollow(postEnquiryForm(fields), '/seo', 'enquiry');
    expect(html).toContain('Some fields need your attention');
    expect(html).toContain('value="Kabir Rao"');
    expect(html).toContain('Rankings for our agency.</textarea>');
    expect(html).toContain('Enter an e-mail address');

    // The token names this page's form only, and nothing once it is no longer kept.
    const elsewhere = await testApp.app.inject({ url: `/contact?${location.split('?')[1]!.split('#')[0]}` });
    expect(elsewhere.statusCode).toBe(303);
    expect(elsewhere.headers.location).toBe('/contact');
    const forged = await testApp.app.inject({ url: '/seo?refused=not-a-kept-form' });
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe('/seo');
    testApp.clock.advance(61 * 60 * 1000);
    const expired = await testApp.app.inject({ url: location.split('#')[0] });
    expect(expired.statusCode).toBe(303);
    expect(expired.headers.location).toBe('/seo');
  });

  it('falls back to a page of problems when the page named is none of the site’s, and never sends the browser there', async () => {
    const refused = await testApp.app.inject(postEnquiryForm({ name: 'K', email: 'bad', returnTo: '/no-such-page' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.body).toContain('<title>Error: please check the form</title>');
    expect(refused.body).toContain('href="/no-such-page"');
  });

  it.each([
    [
      'a PNG named .pdf (415)',
      async () => ({ value: await testImage(8, 8), fileName: 'cv.pdf' }),
      'PDF or a Word document',
    ],
    ['a CV of 11 MB (413)', async () => ({ value: Buffer.alloc(11 * 1024 * 1024, 0x20), fileName: 'cv.pdf' }), '10 MB'],
  ])('keeps every field of an application whose CV is refused: %s', async (_, cvFile, problem) => {
    const typed = { name: 'Farah Khan', email: 'farah@example.com', role: 'Designer', coverLetter: 'I draw fast.' };
    const parts = [
      ...applicationFields('', { ...typed, consent: 'yes', returnTo: '/work-with-us' }),
      { name: 'cv', ...(await cvFile()) },
      { name: 'phone', value: '+44 20 7946 0000' },
    ];
    const { html } = await refuseAndFollow(postApplication(parts, asPage), '/work-with-us', 'application');
    expect(html).toContain(problem);
    for (const value of ['Farah Khan', 'farah@example.com', 'Designer', '+44 20 7946 0000']) {
      expect(html).toContain(`value="${value}"`);
    }
    expect(html).toContain('I draw fast.</textarea>');
    expect(html).toMatch(/<input type="checkbox"[^>]*checked=""/);
  });

  it('comes back to the post’s comment form with what was typed; an accepted application still goes to thank you', async () => {
    const cookie = await signIn(testApp.app);
    const post = await createPost(testApp.app, cookie, { status: 'published', publishedAt: '2025-11-01T09:00:00Z' });
    const { html } = await refuseAndFollow(
      postCommentForm(post._id, { name: 'Kari', email: 'not-an-address', text: 'Typed words kept' }),
      `/blogs/${post.slug}`,
      'comment',
    );
    expect(html).toContain('Typed words kept</textarea>');
    expect(html).toContain('Enter an e-mail address, such as name@example.com.');

    const accepted = await testApp.app.inject(
      postApplication([...applicationFields(''), { name: 'cv', value: testPdf(), fileName: 'cv.pdf' }], asPage),
    );
    // Held until its sender confirms it on the page it gets (decision 0012), then thanked.
    expect(accepted.statusCode).toBe(202);
    testApp.clock.advance(2000);
    const confirmed = await testApp.app.inject(confirmationOf(accepted.body));
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/work-with-us/thank-you');
  });
});
