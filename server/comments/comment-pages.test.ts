import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src/content/types.gen.ts';
import { moderate, postCommentForm, sendComment } from '../test-support/comments.ts';
import { createPost } from '../test-support/posts.ts';
import { buildSiteForTests, type SiteBuild } from '../test-support/site-build.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let site: SiteBuild;
let testApp: TestApp;
let cookie: string;
let post: BlogPost;

beforeAll(async () => {
  site = await buildSiteForTests();
}, 180_000);
afterAll(() => site?.remove());
beforeEach(async () => {
  testApp = await createTestApp({ clientDir: site.clientDir });
  cookie = await signIn(testApp.app);
  post = await createPost(testApp.app, cookie, { status: 'published', publishedAt: '2025-11-01T09:00:00.000Z' });
});
afterEach(() => testApp.close());

const page = async (url = `/blogs/${post.slug}`) => (await testApp.app.inject({ url })).body;
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as { commentCount?: number };

describe('a post page’s comments', () => {
  it('are in the first HTML: approved ones and the agency’s replies only, with the count and the form', async () => {
    const approved = await sendComment(
      testApp.app,
      testApp.clock,
      post._id,
      { text: 'First approved words' },
      '192.0.2.1',
    );
    await moderate(testApp.app, cookie, approved.id, 'approved');
    await sendComment(
      testApp.app,
      testApp.clock,
      post._id,
      { text: 'Still waiting words', email: 'w@example.com' },
      '192.0.2.2',
    );
    const spam = await sendComment(
      testApp.app,
      testApp.clock,
      post._id,
      { text: 'Spam words', email: 's@example.com' },
      '192.0.2.3',
    );
    await moderate(testApp.app, cookie, spam.id, 'spam');
    await testApp.app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: `/api/comments/${approved.id}/replies`,
        payload: { text: 'Agency answer words' },
      }),
    );
    const html = await page();
    expect(html).toContain('id="comments"');
    expect(html).toMatch(/<h2 id="comments-heading">2 comments<\/h2>/);
    expect(html).toContain('First approved words');
    expect(html).toContain('Agency answer words');
    expect(html).not.toContain('Still waiting words');
    expect(html).not.toContain('Spam words');
    expect(html).not.toContain('ola@example.com');
    expect(html).toContain(`action="/api/blogs/${post._id}/comments"`);
    expect(html).toContain('Comments are checked before they appear.');
    expect(jsonLd(html).commentCount).toBe(2);
  });

  it('keeps script, markup and javascript: links as text, and links only http(s) addresses', async () => {
    const text = '<script>alert(1)</script> <b>bold</b> javascript:alert(2) see https://ok.example/page.';
    const hostile = await sendComment(testApp.app, testApp.clock, post._id, {
      name: '<img src=x onerror=alert(3)>',
      text,
    });
    await moderate(testApp.app, cookie, hostile.id, 'approved');
    const html = await page();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>bold');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(3)&gt;');
    expect(html).not.toMatch(/href="javascript:/);
    expect(html).toContain('<a href="https://ok.example/page" rel="ugc nofollow noopener">https://ok.example/page</a>');
    expect(jsonLd(html).commentCount).toBe(1);
  });

  it('shows the approval at once, though the page was kept in the cache', async () => {
    const { id } = await sendComment(testApp.app, testApp.clock, post._id, { text: 'Cached words here' });
    expect(await page()).not.toContain('Cached words here');
    expect(await page()).not.toContain('Cached words here');
    await moderate(testApp.app, cookie, id, 'approved');
    expect(await page()).toContain('Cached words here');
  });

  it('says the comment awaits moderation after a form post without JavaScript', async () => {
    const sent = await testApp.app.inject(postCommentForm(post._id, { name: 'Kari', text: 'Plain form words' }));
    expect(sent.statusCode).toBe(303);
    const html = await page(sent.headers.location!.split('#')[0]);
    expect(html).toContain('it awaits moderation');
  });

  it('sends the browser back to the post page, which shows the problems beside the fields and everything typed', async () => {
    const refused = await testApp.app.inject(
      postCommentForm(post._id, { name: 'Kari &lt;typed&gt;', email: 'not-an-address', text: 'Typed words kept' }),
    );
    expect(refused.statusCode).toBe(303);
    const shown = await testApp.app.inject({ url: refused.headers.location!.split('#')[0] });
    expect(shown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(shown.body).toContain(`<h1`);
    expect(shown.body).toContain(post.title);
    expect(shown.body).toContain('Enter an e-mail address, such as name@example.com.');
    expect(shown.body).toContain('Typed words kept</textarea>');
    expect(shown.body).toContain('value="Kari &amp;lt;typed&amp;gt;"');
    expect(shown.body).toMatch(/aria-invalid="true"[^>]*name="email"|name="email"[^>]*aria-invalid="true"/);
  });

  it('shows no form on a post whose comments are closed', async () => {
    const closed = await createPost(testApp.app, cookie, { status: 'published', commentsOpen: false });
    const html = await page(`/blogs/${closed.slug}`);
    expect(html).toContain('Comments on this post are closed.');
    expect(html).not.toContain(`action="/api/blogs/${closed._id}/comments"`);
    expect(html).toMatch(/<h2 id="comments-heading">0 comments<\/h2>/);
  });
});
