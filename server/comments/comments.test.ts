import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, BlogPost, CommentRecord, LeadRecord } from '../../src/content/types.gen.ts';
import { readLeadFacts } from '../forms/index.ts';
import { defaultNoticesPerHour } from '../mail/index.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import {
  commentInput,
  commentToken,
  moderate,
  postComment,
  postCommentForm,
  publicThreads,
  queue,
  sendComment,
} from '../test-support/comments.ts';
import { createPost } from '../test-support/posts.ts';
import { addMember } from '../test-support/team.ts';
import { asAdmin, createTestApp, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let db: Kysely<Database>;
let cookie: string;
let post: BlogPost;
const facts = readLeadFacts();

beforeEach(async () => {
  // Mail is on (the outbox is written) but its worker never finds a server: the outbox itself is what is checked.
  testApp = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9', mailTiming: { pollMs: 60_000 } });
  db = openDatabase(testApp.store);
  cookie = await signIn(testApp.app);
  post = await createPost(testApp.app, cookie, { status: 'published', publishedAt: '2025-11-01T09:00:00.000Z' });
});
afterEach(async () => {
  await db.destroy();
  await testApp.close();
});

const app = () => testApp.app;
const outbox = () => db.selectFrom('mail_outbox').selectAll().execute();
const audit = async () =>
  (await app().inject(asAdmin(cookie, { url: '/api/audit?limit=100' })))
    .json<AuditEntry[]>()
    .map(({ action, target }) => ({ action, target }));

describe('a reader’s comment', () => {
  it('waits for moderation the first time, notifies sales, and is public only once approved', async () => {
    const first = await sendComment(app(), testApp.clock, post._id);
    expect(first.published).toBe(false);
    expect(await publicThreads(app(), post._id)).toEqual([]);
    const [mail] = await outbox();
    expect(JSON.parse(mail!.recipients)).toEqual([facts.salesEmail]);
    expect(mail!.about).toBe(`comment:${first.id}`);
    expect(mail!.reply_to).toBe('ola@example.com');
    expect(mail!.text).toContain('fix our opening hours');

    const [queued] = await queue(app(), cookie, '?status=pending');
    expect(queued).toMatchObject({
      _id: first.id,
      postId: post._id,
      postTitle: post.title,
      postSlug: post.slug,
      parentId: null,
      status: 'pending',
      authorName: 'Ola Nordmann',
      authorEmail: 'ola@example.com',
      byAgency: false,
      replyCount: 0,
    });
    expect((await moderate(app(), cookie, first.id, 'approved')).json()).toMatchObject({ status: 'approved' });
    expect(await publicThreads(app(), post._id)).toEqual([
      {
        _id: first.id,
        authorName: 'Ola Nordmann',
        byAgency: false,
        text: commentInput().text,
        createdAt: queued!.createdAt,
        replies: [],
      },
    ]);
    // Readers never get the e-mail, the address or the status.
    expect(JSON.stringify(await publicThreads(app(), post._id))).not.toMatch(/ola@example|status|203\.0\.113/);
  });

  it('is approved at once once the same e-mail, or the same address, had a comment approved', async () => {
    const first = await sendComment(app(), testApp.clock, post._id, {}, '198.51.100.1');
    await moderate(app(), cookie, first.id, 'approved');
    const sameEmail = await sendComment(app(), testApp.clock, post._id, { email: 'OLA@Example.com' }, '198.51.100.2');
    const sameAddress = await sendComment(app(), testApp.clock, post._id, { email: 'new@example.com' }, '198.51.100.1');
    const stranger = await sendComment(app(), testApp.clock, post._id, { email: 'other@example.com' }, '198.51.100.3');
    const anonymous = await sendComment(app(), testApp.clock, post._id, { email: undefined }, '198.51.100.4');
    expect([sameEmail.published, sameAddress.published, stranger.published, anonymous.published]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect((await publicThreads(app(), post._id)).map((thread) => thread._id)).toEqual([
      first.id,
      sameEmail.id,
      sameAddress.id,
    ]);
    // Only the two waiting ones notified anyone.
    expect((await outbox()).map((mail) => mail.about).sort()).toEqual(
      [`comment:${first.id}`, `comment:${stranger.id}`, `comment:${anonymous.id}`].sort(),
    );
  });

  it('holds a form sent without JavaScript and without a token, though its sender had a comment approved', async () => {
    const first = await sendComment(app(), testApp.clock, post._id, {}, '198.51.100.1');
    await moderate(app(), cookie, first.id, 'approved');
    const { name, email, text } = commentInput();
    const plain = await app().inject(postCommentForm(post._id, { name, email: email!, text }, '198.51.100.1'));
    expect(plain.statusCode).toBe(303);
    const waiting = await queue(app(), cookie, '?status=pending');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ authorName: name, text });
    expect((await publicThreads(app(), post._id)).map((thread) => thread._id)).toEqual([first.id]);
  });

  it(`notify no more than ${defaultNoticesPerHour} comments an hour: the rest wait as spam and sales is told once`, async () => {
    const extra = 3;
    for (let sent = 0; sent < defaultNoticesPerHour + extra; sent += 1) {
      await sendComment(
        app(),
        testApp.clock,
        post._id,
        { email: `reader${sent}@example.com` },
        `198.51.100.${sent + 1}`,
      );
    }
    const mails = await outbox();
    expect(mails.filter((mail) => mail.about?.startsWith('comment:'))).toHaveLength(defaultNoticesPerHour);
    const floods = mails.filter((mail) => mail.about === 'comment-flood');
    expect(floods).toHaveLength(1);
    expect(floods[0]!.subject).toContain(`more than ${defaultNoticesPerHour} comments in an hour`);
    expect(await queue(app(), cookie, '?status=pending')).toHaveLength(defaultNoticesPerHour);
    const spam = await queue(app(), cookie, '?status=spam');
    expect(spam).toHaveLength(extra);
    // An hour later the limit counts afresh.
    testApp.clock.advance(60 * 60 * 1000);
    const late = await sendComment(app(), testApp.clock, post._id, { email: 'late@example.com' }, '198.51.100.99');
    expect((await outbox()).map((mail) => mail.about)).toContain(`comment:${late.id}`);
  });

  it('holds a comment under another name, though its e-mail or its address had a comment approved', async () => {
    const first = await sendComment(app(), testApp.clock, post._id, { name: 'Ola Nordmann' }, '198.51.100.1');
    await moderate(app(), cookie, first.id, 'approved');
    const sameEmail = await sendComment(
      app(),
      testApp.clock,
      post._id,
      { name: 'Someone Else', email: 'ola@example.com' },
      '198.51.100.2',
    );
    const sameAddress = await sendComment(
      app(),
      testApp.clock,
      post._id,
      { name: 'Third Person', email: 'third@example.com' },
      '198.51.100.1',
    );
    expect([sameEmail.published, sameAddress.published]).toEqual([false, false]);
    expect((await queue(app(), cookie, '?status=pending')).map((comment) => comment._id).sort()).toEqual(
      [sameEmail.id, sameAddress.id].sort(),
    );
  });

  it('goes through every state: pending, approved, spam, trash and restored, public only while approved', async () => {
    const { id } = await sendComment(app(), testApp.clock, post._id);
    const visible = async () => (await publicThreads(app(), post._id)).length === 1;
    for (const [status, shown] of [
      ['approved', true],
      ['spam', false],
      ['approved', true],
      ['trash', false],
      ['pending', false],
      ['approved', true],
    ] as const) {
      const response = await moderate(app(), cookie, id, status);
      expect(response.statusCode).toBe(200);
      expect(response.json<CommentRecord>().status).toBe(status);
      expect(await visible()).toBe(shown);
      expect((await queue(app(), cookie, `?status=${status}`)).map((comment) => comment._id)).toEqual([id]);
    }
    const entries = (await audit()).filter((entry) => entry.action === 'comment-moderate');
    expect(entries).toHaveLength(6);
    expect(entries).toContainEqual({ action: 'comment-moderate', target: `${id} trash` });
    expect((await moderate(app(), cookie, 'no-such-comment', 'approved')).statusCode).toBe(404);
    expect((await moderate(app(), cookie, id, 'published')).statusCode).toBe(400);
  });

  it('counts the queue in X-Total-Count, so that ?status=pending&limit=1 is the badge, and finds words', async () => {
    for (let index = 0; index < 3; index += 1) {
      await sendComment(app(), testApp.clock, post._id, { text: `Question number ${index}` }, `192.0.2.${index}`);
    }
    const response = await app().inject(asAdmin(cookie, { url: '/api/comments?status=pending&limit=1' }));
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.json()).toHaveLength(1);
    expect(response.json<CommentRecord[]>()[0]!.text).toBe('Question number 2');
    expect((await queue(app(), cookie, '?q=NUMBER%201')).map((comment) => comment.text)).toEqual(['Question number 1']);
    expect(await queue(app(), cookie, '?q=100%25')).toEqual([]);
    const spam = await app().inject(asAdmin(cookie, { url: '/api/comments?status=spam' }));
    expect(spam.headers['x-total-count']).toBe('0');
  });

  it('keeps script, markup and javascript: links as text in the API', async () => {
    const hostile = '<script>alert(1)</script> <b>bold</b> [x](javascript:alert(2)) "quotes" & ampersands';
    const { id } = await sendComment(app(), testApp.clock, post._id, {
      name: '<img src=x onerror=alert(3)>',
      text: hostile,
    });
    await moderate(app(), cookie, id, 'approved');
    const [thread] = await publicThreads(app(), post._id);
    expect(thread).toMatchObject({ authorName: '<img src=x onerror=alert(3)>', text: hostile });
  });
});

describe('bad input', () => {
  it('answers each mistake with 400, 404 or 409 and a sentence, never a 5xx, and stores nothing', async () => {
    const token = await commentToken(app(), testApp.clock);
    const closed = await createPost(app(), cookie, { status: 'published', commentsOpen: false });
    const draft = await createPost(app(), cookie, { status: 'draft' });
    const cases: [object, string, number, string?][] = [
      [commentInput({ text: '' }), post._id, 400, '/text'],
      [commentInput({ text: '   ' }), post._id, 400, '/text'],
      [commentInput({ text: 'x'.repeat(5001) }), post._id, 400, '/text'],
      [commentInput({ name: 'n'.repeat(101) }), post._id, 400, '/name'],
      [commentInput({ name: '  ' }), post._id, 400, '/name'],
      [commentInput({ email: 'not an address' }), post._id, 400, '/email'],
      [{ ...commentInput(), extra: 1 }, post._id, 400],
      [commentInput(), 'no-such-post', 404],
      [commentInput(), draft._id, 404],
      [commentInput(), closed._id, 409],
    ];
    for (const [body, postId, status, path] of cases) {
      const response = await app().inject(postComment(postId, { ...body, formToken: token }));
      expect({ body, status: response.statusCode }).toEqual({ body, status });
      expect(response.json<{ message: string }>().message).toMatch(/\w+ \w+/);
      if (path) expect(response.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain(path);
    }
    expect(await db.selectFrom('comments').selectAll().execute()).toEqual([]);
  });

  it('refuses an address a mailto: link would read as more headers, naming the field, and stores nothing', async () => {
    for (const email of ['a?cc=spy%40evil.example&body=hi@example.com', 'a@example', 'x@-a.example']) {
      const token = await commentToken(app(), testApp.clock);
      const response = await app().inject(postComment(post._id, commentInput({ email, formToken: token })));
      expect(response.statusCode, email).toBe(400);
      expect(response.json<{ details: { path: string }[] }>().details.map((detail) => detail.path)).toEqual(['/email']);
    }
    expect(await db.selectFrom('comments').selectAll().execute()).toEqual([]);
    const fine = await sendComment(app(), testApp.clock, post._id, { email: "o'brien+blog@mail.example.co.uk" });
    expect(fine.published).toBe(false);
  });

  it('keeps the name on one line, so that it forges no line in the notice', async () => {
    const sent = await sendComment(app(), testApp.clock, post._id, {
      name: 'Ola\r\nE-mail: boss@example.com\u2028x\u0007',
    });
    const [queued] = await queue(app(), cookie, '?status=pending');
    expect(queued).toMatchObject({ _id: sent.id, authorName: 'Ola E-mail: boss@example.com x' });
    const [mail] = await outbox();
    expect(mail!.text.match(/^E-mail:.*$/gm)).toEqual(['E-mail: ola@example.com']);
    expect(mail!.subject).toBe(`New comment from Ola E-mail: boss@example.com x on “${post.title}”`);
  });

  it('refuses a reply to a reply and a reply to a comment not approved with 400', async () => {
    const top = await sendComment(app(), testApp.clock, post._id);
    const toPending = await app().inject(
      postComment(post._id, commentInput({ parentId: top.id, formToken: await commentToken(app(), testApp.clock) })),
    );
    expect(toPending.statusCode).toBe(400);
    expect(toPending.json<{ message: string }>().message).toBe('The comment you answer is not published.');
    await moderate(app(), cookie, top.id, 'approved');
    const reply = await sendComment(app(), testApp.clock, post._id, { parentId: top.id });
    expect(reply.published).toBe(true);
    const toReply = await app().inject(
      postComment(post._id, commentInput({ parentId: reply.id, formToken: await commentToken(app(), testApp.clock) })),
    );
    expect(toReply.statusCode).toBe(400);
    expect(toReply.json<{ message: string }>().message).toMatch(/one level deep/);
    const other = await createPost(app(), cookie, { status: 'published' });
    const elsewhere = await app().inject(
      postComment(other._id, commentInput({ parentId: top.id, formToken: await commentToken(app(), testApp.clock) })),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect((await publicThreads(app(), post._id))[0]!.replies!.map((r) => r._id)).toEqual([reply.id]);
  });
});

describe('the spam module', () => {
  it('stores spam with its reason, answers it as an ordinary comment, and notifies nobody', async () => {
    const token = await commentToken(app(), testApp.clock);
    const cases: [object, string][] = [
      [commentInput({ website: 'http://spam.example', formToken: token }), 'honeypot field filled in'],
      [commentInput(), 'no form token'],
      [commentInput({ formToken: 'forged' }), 'forged form token'],
      [
        commentInput({ text: 'Buy https://a.example https://b.example https://c.example', formToken: token }),
        '3 links',
      ],
    ];
    for (const [index, [body, reason]] of cases.entries()) {
      const response = await app().inject(postComment(post._id, body, `198.18.0.${index}`));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ published: false });
      const id = response.json<{ _id: string }>()._id;
      const [stored] = (await queue(app(), cookie, '?status=spam')).filter((comment) => comment._id === id);
      expect(stored).toMatchObject({ status: 'spam', spamReason: reason });
    }
    const fresh = await app().inject({ url: '/api/form-token?form=comment' });
    const tooFast = await app().inject(
      postComment(post._id, commentInput({ formToken: fresh.json<{ token: string }>().token }), '198.18.1.1'),
    );
    expect(tooFast.json()).toMatchObject({ published: false });
    expect(await outbox()).toEqual([]);
    expect(await publicThreads(app(), post._id)).toEqual([]);
  });

  it('limits comments per address: 429 with Retry-After, nothing stored', async () => {
    for (let index = 0; index < 5; index += 1) await sendComment(app(), testApp.clock, post._id, {}, '198.51.100.9');
    const refused = await app().inject(
      postComment(post._id, commentInput({ formToken: await commentToken(app(), testApp.clock) }), '198.51.100.9'),
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ message: string }>().message).toMatch(/Too many messages/);
    expect(await db.selectFrom('comments').selectAll().execute()).toHaveLength(5);
    // Another address is not held back.
    await sendComment(app(), testApp.clock, post._id, {}, '198.51.100.10');
  });
});

describe('the form without JavaScript', () => {
  it('answers a comment with 303 back to the post’s comments', async () => {
    const fields = { name: 'Kari', email: '', text: 'Sent from an old phone.', parentId: '', website: '' };
    const response = await app().inject(postCommentForm(post._id, fields));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/blogs/${post.slug}?comment=received#comments`);
    expect(await queue(app(), cookie)).toMatchObject([{ authorName: 'Kari', text: 'Sent from an old phone.' }]);
    expect((await queue(app(), cookie))[0]!.authorEmail).toBeUndefined();
  });

  it('answers a refused comment with a page naming the problems, never JSON or a blank page', async () => {
    const response = await app().inject(postCommentForm(post._id, { name: '', text: 'x' }));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('name: must');
    expect(response.body).toContain('text: must');
    expect(response.body).toContain(`/blogs/${post.slug}#comments`);
    const closed = await createPost(app(), cookie, { status: 'published', commentsOpen: false });
    const refused = await app().inject(postCommentForm(closed._id, { name: 'Kari', text: 'Hello there' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Comments on this post are closed.');
  });
});

describe('moderation', () => {
  it('replies as the agency, approving the comment answered, and audits it', async () => {
    const { id } = await sendComment(app(), testApp.clock, post._id);
    const response = await app().inject(
      asAdmin(cookie, { method: 'POST', url: `/api/comments/${id}/replies`, payload: { text: 'Glad it helped!' } }),
    );
    expect(response.statusCode).toBe(201);
    const reply = response.json<CommentRecord>();
    expect(reply).toMatchObject({ parentId: id, status: 'approved', byAgency: true, authorName: facts.brandName });
    expect(await publicThreads(app(), post._id)).toMatchObject([
      { _id: id, replies: [{ _id: reply._id, byAgency: true, text: 'Glad it helped!' }] },
    ]);
    expect((await queue(app(), cookie, '?status=approved')).find((c) => c._id === id)!.replyCount).toBe(1);
    expect(await audit()).toContainEqual({ action: 'comment-reply', target: reply._id });
    expect(await audit()).toContainEqual({ action: 'comment-moderate', target: `${id} approved` });
    const toReply = await app().inject(
      asAdmin(cookie, { method: 'POST', url: `/api/comments/${reply._id}/replies`, payload: { text: 'Again' } }),
    );
    expect(toReply.statusCode).toBe(400);
    await moderate(app(), cookie, id, 'spam');
    const toSpam = await app().inject(
      asAdmin(cookie, { method: 'POST', url: `/api/comments/${id}/replies`, payload: { text: 'Hello' } }),
    );
    expect(toSpam.statusCode).toBe(400);
  });

  it('moves many comments at once, skipping unknown ids, and audits each', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await sendComment(app(), testApp.clock, post._id, {}, `192.0.2.${index + 10}`)).id);
    }
    const response = await app().inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/comments/bulk',
        payload: { ids: [...ids, 'unknown'], status: 'trash' },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ changed: string[] }>().changed.sort()).toEqual([...ids].sort());
    expect(await queue(app(), cookie, '?status=pending')).toEqual([]);
    expect((await audit()).filter((entry) => entry.action === 'comment-moderate')).toHaveLength(3);
    const empty = await app().inject(
      asAdmin(cookie, { method: 'POST', url: '/api/comments/bulk', payload: { ids: [], status: 'trash' } }),
    );
    expect(empty.statusCode).toBe(400);
  });

  it('turns a comment into an enquiry with the post as landing page, once', async () => {
    const { id } = await sendComment(app(), testApp.clock, post._id, { text: 'Could you do this for our shop?' });
    const url = `/api/comments/${id}/enquiry`;
    const made = await app().inject(asAdmin(cookie, { method: 'POST', url }));
    expect(made.statusCode).toBe(201);
    const { leadId } = made.json<{ leadId: string }>();
    const lead = (await app().inject(asAdmin(cookie, { url: `/api/leads/${leadId}` }))).json<LeadRecord>();
    expect(lead).toMatchObject({
      type: 'enquiry',
      status: 'new',
      name: 'Ola Nordmann',
      email: 'ola@example.com',
      message: 'Could you do this for our shop?',
      attribution: { landingPage: `/blogs/${post.slug}` },
    });
    expect((await queue(app(), cookie))[0]!.leadId).toBe(leadId);
    const again = await app().inject(asAdmin(cookie, { method: 'POST', url }));
    expect(again.statusCode).toBe(409);
    expect(await audit()).toContainEqual({ action: 'comment-enquiry', target: leadId });
    const noEmail = await sendComment(app(), testApp.clock, post._id, { email: undefined }, '192.0.2.99');
    const refused = await app().inject(asAdmin(cookie, { method: 'POST', url: `/api/comments/${noEmail.id}/enquiry` }));
    expect(refused.statusCode).toBe(409);
    expect(
      (await app().inject(asAdmin(cookie, { method: 'POST', url: '/api/comments/nope/enquiry' }))).statusCode,
    ).toBe(404);
  });

  it('sends commenters’ e-mails only to roles that handle leads, and lets an editor make an enquiry anyway', async () => {
    const { id } = await sendComment(app(), testApp.clock, post._id, { text: 'Could you do this for our shop?' });
    await sendComment(app(), testApp.clock, post._id, { text: 'No address here', email: undefined }, '192.0.2.98');
    const editor = await addMember(app(), cookie, 'editor');
    const seen = await queue(app(), editor.cookie);
    expect(seen.map(({ text, hasEmail }) => ({ text, hasEmail }))).toEqual([
      { text: 'No address here', hasEmail: false },
      { text: 'Could you do this for our shop?', hasEmail: true },
    ]);
    expect(seen.every((comment) => !('authorEmail' in comment))).toBe(true);
    expect(JSON.stringify(seen)).not.toContain('ola@example.com');
    // An address cannot be found by searching either.
    expect(await queue(app(), editor.cookie, '?q=ola%40example')).toEqual([]);
    const approved = await moderate(app(), editor.cookie, id, 'approved');
    expect(approved.statusCode).toBe(200);
    expect(approved.json<CommentRecord>()).not.toHaveProperty('authorEmail');
    const replied = await app().inject(
      asAdmin(editor.cookie, { method: 'POST', url: `/api/comments/${id}/replies`, payload: { text: 'Yes.' } }),
    );
    expect(replied.statusCode).toBe(201);
    expect(replied.json<CommentRecord>()).toMatchObject({ byAgency: true, hasEmail: false });

    const forAdmin = await queue(app(), cookie, '?status=approved&q=ola%40example');
    expect(forAdmin.map(({ authorEmail, hasEmail }) => ({ authorEmail, hasEmail }))).toEqual([
      { authorEmail: 'ola@example.com', hasEmail: true },
    ]);

    const made = await app().inject(asAdmin(editor.cookie, { method: 'POST', url: `/api/comments/${id}/enquiry` }));
    expect(made.statusCode).toBe(201);
    const { leadId } = made.json<{ leadId: string }>();
    const lead = (await app().inject(asAdmin(cookie, { url: `/api/leads/${leadId}` }))).json<LeadRecord>();
    expect(lead.email).toBe('ola@example.com');
  });

  it('shows an approval to visitors at once, though their last answer was kept in the cache', async () => {
    const { id } = await sendComment(app(), testApp.clock, post._id);
    expect(await publicThreads(app(), post._id)).toEqual([]);
    expect(await publicThreads(app(), post._id)).toEqual([]);
    await moderate(app(), cookie, id, 'approved');
    expect(await publicThreads(app(), post._id)).toHaveLength(1);
    // Another instance learns of it through the write counter.
    const other = await testApp.addInstance();
    await moderate(app(), cookie, id, 'trash');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await publicThreads(other, post._id)).toEqual([]);
  });

  it('keeps a post’s comments open by default, and closes them from the post’s field', async () => {
    expect(post.commentsOpen).toBe(true);
    const closed = await app().inject(
      asAdmin(cookie, {
        method: 'PUT',
        url: `/api/blogs/${post._id}`,
        payload: {
          title: post.title,
          slug: post.slug,
          content: post.content,
          status: 'published',
          commentsOpen: false,
        },
      }),
    );
    expect(closed.json<BlogPost>().commentsOpen).toBe(false);
    // An edit that does not send the field keeps it.
    const kept = await app().inject(
      asAdmin(cookie, {
        method: 'PUT',
        url: `/api/blogs/${post._id}`,
        payload: { title: 'Renamed', slug: post.slug, content: post.content, status: 'published' },
      }),
    );
    expect(kept.json<BlogPost>().commentsOpen).toBe(false);
  });
});

describe('privacy requests', () => {
  it('export and erase an address’s comments with the agency’s replies to them', async () => {
    const { id } = await sendComment(app(), testApp.clock, post._id, { email: 'Asha@Example.com' });
    await app().inject(
      asAdmin(cookie, { method: 'POST', url: `/api/comments/${id}/replies`, payload: { text: 'Thank you!' } }),
    );
    const exported = await app().inject(asAdmin(cookie, { url: '/api/privacy/export?email=asha@example.com' }));
    expect(exported.json<{ comments: CommentRecord[] }>().comments).toMatchObject([
      { _id: id, authorEmail: 'Asha@Example.com' },
    ]);
    expect(await publicThreads(app(), post._id)).toHaveLength(1);
    const erased = await app().inject(
      asAdmin(cookie, { method: 'POST', url: '/api/privacy/erase', payload: { email: 'asha@example.com' } }),
    );
    expect(erased.json()).toEqual({ leads: 0, cvs: 0, comments: 1, subscribers: 0 });
    expect(await db.selectFrom('comments').selectAll().execute()).toEqual([]);
    expect(await outbox()).toEqual([]);
    expect(await publicThreads(app(), post._id)).toEqual([]);
    expect(await audit()).toContainEqual({
      action: 'privacy-erase',
      target: '0 leads, 0 CVs, 1 comments, 0 subscribers',
    });
  });
});
