import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry, PrivacyExport } from '../../src/content/types.gen.ts';
import { startMailApp, type MailTestApp } from '../test-support/mail-app.ts';
import { addSubscribers, progressOf, publishedPost, sendToSubscribers } from '../test-support/newsletter-sends.ts';
import { createPost } from '../test-support/posts.ts';
import { addMember } from '../test-support/team.ts';
import { asAdmin, signIn, testAdmin } from '../test-support/test-app.ts';

let mail: MailTestApp;
afterEach(async () => {
  await mail.close();
});

async function start(options: { rate?: number } = {}) {
  mail = await startMailApp({ smtp: true, newsletterRate: options.rate ?? 0 });
  return { app: mail.testApp.app, cookie: await signIn(mail.testApp.app), db: mail.db, sink: mail.sink! };
}

/** A header as it was sent, unfolded: mailparser parses some of them into objects. */
const header = (message: ParsedMail, name: string) =>
  message.headerLines
    .find((line) => line.key === name)
    ?.line.slice(name.length + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim() ?? '';

describe('sending a post to subscribers', () => {
  it('sends one message to each active subscriber, with the one-click unsubscribe headers, a text part and absolute URLs', async () => {
    const { app, cookie, db, sink } = await start();
    const active = ['ada@example.com', 'bob@example.com', 'cy@example.com'];
    await addSubscribers(db, active);
    await addSubscribers(db, ['pending@example.com'], 'pending');
    await addSubscribers(db, ['left@example.com'], 'unsubscribed');
    await addSubscribers(db, ['gone@example.com'], 'bounced');
    const post = await publishedPost(app, cookie);

    const response = await sendToSubscribers(app, cookie, post._id);
    expect(response.statusCode).toBe(202);
    const { _id: id } = response.json<{ _id: string }>();
    await sink.waitFor(3);
    await expect.poll(async () => (await progressOf(app, cookie, id)).status).toBe('done');
    expect(await progressOf(app, cookie, id)).toMatchObject({ total: 3, sent: 3, failed: 0, waiting: 0, skipped: 0 });
    expect(sink.mails.map((m) => m.to && 'value' in m.to && m.to.value[0]?.address).sort()).toEqual(active);

    const origin = 'http://127.0.0.1:3000';
    const tokens = new Set<string>();
    for (const message of sink.mails) {
      expect(message.subject).toBe(post.title);
      const unsubscribe = header(message, 'list-unsubscribe');
      // The HTTPS link alone: nothing reads the mailbox a mailto: would write to.
      const match = /^<(https?:\/\/[^>]+\/newsletter\/unsubscribe\?token=([^>]+))>$/.exec(unsubscribe);
      expect(match, unsubscribe).not.toBeNull();
      tokens.add(match![2]!);
      expect(header(message, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(message.text).toContain(`Read “${post.title}” on the site`);
      expect(message.text).toContain(match![1]);
      const html = String(message.html);
      expect(html).toContain(`href="${origin}/seo"`);
      expect(html).toContain(`src="${origin}/images/share.png"`);
      expect(html).toContain(`href="${origin}/blogs/${post.slug}"`);
      expect(html).toContain('prefers-color-scheme: dark');
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"');
      expect(html).toMatch(new RegExp(`src="${origin}/email-images/[\\w-]{16}/336/images/logo-light\\.png"`));
      expect(html).toContain('Vatika Business Park');
      expect(html).not.toMatch(/(src|href)="\/[^/]/);
    }
    // Each recipient's own link.
    expect(tokens.size).toBe(3);
    const audit = await app.inject(asAdmin(cookie, { method: 'GET', url: '/api/audit?action=post-newsletter-send' }));
    expect(audit.json<AuditEntry[]>()).toMatchObject([{ target: post._id, actor: testAdmin.email }]);
  });

  it('is recorded once per post: of two requests at once, or on two instances, one is 202 and the other 409', async () => {
    const { app, cookie, db } = await start({ rate: 1 });
    await addSubscribers(db, ['ada@example.com', 'bob@example.com']);
    const other = await mail.testApp.addInstance();
    const post = await publishedPost(app, cookie);
    const answers = await Promise.all([
      sendToSubscribers(app, cookie, post._id),
      sendToSubscribers(other, cookie, post._id),
      sendToSubscribers(app, cookie, post._id),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json<{ message: string }>().message).toContain(
      'sent to subscribers already',
    );
    const rows = await db.selectFrom('newsletter_messages').select('email').execute();
    expect(rows.map((row) => row.email).sort()).toEqual(['ada@example.com', 'bob@example.com']);
  });

  it('refuses a draft (409), a missing post (404), a visitor (401) and an author (403), in words', async () => {
    const { app, cookie } = await start();
    const draft = await createPost(app, cookie);
    const refused = await sendToSubscribers(app, cookie, draft._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('publish it first');
    expect((await sendToSubscribers(app, cookie, 'no-such-post')).statusCode).toBe(404);
    const post = await publishedPost(app, cookie);
    const visitor = await app.inject({
      method: 'POST',
      url: `/api/blogs/${post._id}/newsletter`,
      headers: { origin: 'http://localhost' },
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
    const author = await addMember(app, cookie, 'author');
    const forbidden = await sendToSubscribers(app, author.cookie, post._id);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<{ message: string }>().message).toContain('"newsletter"');
    const editor = await addMember(app, cookie, 'editor');
    expect((await sendToSubscribers(app, editor.cookie, post._id)).statusCode).toBe(202);
  });

  it('refuses a post scheduled for later (409): its link would not work yet, and no send is recorded', async () => {
    const { app, cookie } = await start();
    const scheduled = await createPost(app, cookie, { status: 'published', publishedAt: '2099-01-01T09:00:00.000Z' });
    const refused = await sendToSubscribers(app, cookie, scheduled._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('scheduled for 2099-01-01');
    const preview = await app.inject(asAdmin(cookie, { method: 'GET', url: `/api/blogs/${scheduled._id}/newsletter` }));
    expect(preview.statusCode).toBe(409);
  });

  it('refuses on a server without SMTP_URL with 409 and a sentence saying how to send, recording no send', async () => {
    mail = await startMailApp({ smtp: false });
    const { app } = mail.testApp;
    const cookie = await signIn(app);
    const post = await publishedPost(app, cookie);
    for (const payload of [{}, { testTo: 'me' }]) {
      const refused = await sendToSubscribers(app, cookie, post._id, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toContain('set SMTP_URL');
    }
    expect(await mail.db.selectFrom('newsletter_sends').select('id').execute()).toEqual([]);
  });

  it('sends a test to the signed-in member only, and leaves the post free to be sent', async () => {
    const { app, cookie, db, sink } = await start();
    await addSubscribers(db, ['ada@example.com']);
    const post = await publishedPost(app, cookie);
    const test = await sendToSubscribers(app, cookie, post._id, { testTo: 'me' });
    expect(test.statusCode).toBe(202);
    const [message] = await sink.waitFor(1);
    expect(message!.to).toMatchObject({ value: [{ address: testAdmin.email }] });
    expect(message!.subject).toBe(`[Test] ${post.title}`);
    expect(String(message!.html)).toContain(post.title);
    // Its unsubscribe link opens a page saying it is a test's, which unsubscribes nobody.
    const link = /href="http:\/\/127\.0\.0\.1:3000(\/newsletter\/unsubscribe\?token=[^"]+)"/.exec(
      String(message!.html),
    );
    const page = await app.inject({ method: 'GET', url: link![1]!.replaceAll('&amp;', '&') });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This is a test link');
    expect(page.body).not.toContain('<form');
    expect((await sendToSubscribers(app, cookie, post._id, { testTo: 'someone@example.com' })).statusCode).toBe(400);
    expect((await sendToSubscribers(app, cookie, post._id)).statusCode).toBe(202);
    await sink.waitFor(2);
  });

  it('previews the e-mail with the number of active subscribers it would reach', async () => {
    const { app, cookie, db } = await start();
    await addSubscribers(db, ['ada@example.com', 'bob@example.com']);
    await addSubscribers(db, ['pending@example.com'], 'pending');
    const post = await publishedPost(app, cookie);
    const preview = await app.inject(asAdmin(cookie, { method: 'GET', url: `/api/blogs/${post._id}/newsletter` }));
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ subject: post.title, activeSubscribers: 2, sendId: null });
    expect(preview.json<{ html: string }>().html).toContain('<html');
  });

  it('answers the e-mail as a document for the editor’s frame: its inline styles apply, no script, framed by the admin only', async () => {
    const { app, cookie } = await start();
    const post = await publishedPost(app, cookie);
    const url = `/api/blogs/${post._id}/newsletter/preview`;
    const page = await app.inject(asAdmin(cookie, { method: 'GET', url }));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    const policy = String(page.headers['content-security-policy']).split('; ');
    expect(policy).toEqual(expect.arrayContaining(["default-src 'none'", "style-src 'unsafe-inline'", 'sandbox']));
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy.some((directive) => directive.startsWith('script-src'))).toBe(false);
    expect(page.body).toContain('<html');
    expect(page.body).toContain(post.title);

    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const author = await addMember(app, cookie, 'author');
    expect((await app.inject(asAdmin(author.cookie, { method: 'GET', url }))).statusCode).toBe(403);
    const draft = await createPost(app, cookie);
    const refused = await app.inject(
      asAdmin(cookie, { method: 'GET', url: `/api/blogs/${draft._id}/newsletter/preview` }),
    );
    expect(refused.statusCode).toBe(409);
  });

  it('puts the posts sent to a subscriber in a privacy export, and erases them with it', async () => {
    const { app, cookie, db, sink } = await start();
    await addSubscribers(db, ['ada@example.com']);
    const post = await publishedPost(app, cookie);
    await sendToSubscribers(app, cookie, post._id);
    await sink.waitFor(1);
    await expect
      .poll(async () => (await db.selectFrom('newsletter_messages').select('sent_at').executeTakeFirst())?.sent_at)
      .not.toBeNull();
    const exported = await app.inject(
      asAdmin(cookie, { method: 'GET', url: '/api/privacy/export?email=ada@example.com' }),
    );
    expect(exported.json<PrivacyExport>().newsletterMails).toMatchObject([{ subject: post.title }]);
    expect(exported.json<PrivacyExport>().newsletterMails[0]!.sentAt).toBeDefined();
    const erased = await app.inject(
      asAdmin(cookie, { method: 'POST', url: '/api/privacy/erase', payload: { email: 'ada@example.com' } }),
    );
    expect(erased.statusCode).toBe(200);
    expect(await db.selectFrom('newsletter_messages').selectAll().execute()).toEqual([]);
  });
});
