import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src/content/types.gen.ts';
import type { Database } from '../store/schema.ts';
import { startMailApp, type MailTestApp } from '../test-support/mail-app.ts';
import { postInput } from '../test-support/posts.ts';
import type { SmtpSink } from '../test-support/smtp-sink.ts';
import { addMember } from '../test-support/team.ts';
import { asAdmin, signIn, testAdmin, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let sink: SmtpSink | undefined;
let db: Kysely<Database>;
let owner: string;
let started: MailTestApp;

async function start(options: { smtp: boolean }) {
  started = await startMailApp(options);
  ({ testApp, sink, db } = started);
  owner = await signIn(testApp.app);
}
afterEach(() => started.close());

function send(cookie: string, method: 'POST' | 'PUT', url: string, payload?: object) {
  return testApp.app.inject(asAdmin(cookie, { method, url, ...(payload && { payload }) }));
}

/** The notices of posts among the mails that arrived, after those of the invitations that made the team. */
async function postMails(count: number) {
  for (;;) {
    const mails = sink!.mails.filter((mail) => !/invitation/i.test(mail.subject ?? ''));
    if (mails.length >= count) return mails;
    await sink!.waitFor(sink!.mails.length + 1);
  }
}

async function postNoticesQueued() {
  const rows = await db.selectFrom('mail_outbox').select('about').execute();
  return rows.map((row) => row.about).filter((about) => about?.startsWith('post-'));
}

const addressesOf = (mail: { to?: unknown }) =>
  (mail.to as { value: { address: string }[] }).value.map((entry) => entry.address);

describe('notices of review and publication', () => {
  it('tell the editors, not the writer nor authors, when a draft is submitted, and its author when it is published', async () => {
    await start({ smtp: true });
    const contributor = await addMember(testApp.app, owner, 'contributor', 'Cora Contributor');
    const editor = await addMember(testApp.app, owner, 'editor', 'Eddie Editor');
    await addMember(testApp.app, owner, 'author');
    const draft = (
      await send(contributor.cookie, 'POST', '/api/blogs', postInput({ slug: 'for-review', title: 'Shop windows' }))
    ).json<BlogPost>();
    expect((await send(contributor.cookie, 'POST', `/api/blogs/${draft._id}/review`)).statusCode).toBe(200);
    const submitted = await postMails(2);
    expect(submitted.map(addressesOf).flat().sort()).toEqual([editor.user.email, testAdmin.email].sort());
    for (const mail of submitted) {
      expect(mail.subject).toBe('A draft waits for your review on Northbeam');
      expect(mail.subject).not.toContain('Shop windows');
      expect(mail.text).toContain('Cora Contributor');
      expect(mail.text).toContain('“Shop windows”');
      expect(mail.text).toContain(`/admin/blog/edit/${draft._id}`);
    }
    // Submitting again while it waits tells nobody anything new.
    expect((await send(contributor.cookie, 'POST', `/api/blogs/${draft._id}/review`)).statusCode).toBe(200);

    const published = await send(
      editor.cookie,
      'PUT',
      `/api/blogs/${draft._id}`,
      postInput({ slug: 'for-review', title: 'Shop windows', status: 'published' }),
    );
    expect(published.statusCode).toBe(200);
    const all = await postMails(3);
    const notice = all[2]!;
    expect(addressesOf(notice)).toEqual([contributor.user.email]);
    expect(notice.subject).toBe('Your post is published on Northbeam');
    expect(notice.text).toContain('Eddie Editor published your post “Shop windows”');
    expect(notice.text).toMatch(/https?:\/\/\S+\/blogs\/for-review/);
    // Saving the published post again is no new publication.
    await send(
      editor.cookie,
      'PUT',
      `/api/blogs/${draft._id}`,
      postInput({ slug: 'for-review', title: 'Shop windows, again', status: 'published' }),
    );
    expect((await postNoticesQueued()).sort()).toEqual(
      [`post-publication:${draft._id}`, `post-review:${draft._id}`, `post-review:${draft._id}`].sort(),
    );
  }, 60_000);

  it('do not tell authors who publish their own posts', async () => {
    await start({ smtp: true });
    const author = await addMember(testApp.app, owner, 'author');
    const draft = (await send(author.cookie, 'POST', '/api/blogs', postInput({ slug: 'own' }))).json<BlogPost>();
    const own = await send(
      author.cookie,
      'PUT',
      `/api/blogs/${draft._id}`,
      postInput({ slug: 'own', status: 'published' }),
    );
    expect(own.statusCode).toBe(200);
    expect(await postNoticesQueued()).toEqual([]);
  });

  it('queue nothing without SMTP_URL', async () => {
    await start({ smtp: false });
    const contributor = await addMember(testApp.app, owner, 'contributor');
    const draft = (await send(contributor.cookie, 'POST', '/api/blogs', postInput({ slug: 'quiet' }))).json<BlogPost>();
    expect((await send(contributor.cookie, 'POST', `/api/blogs/${draft._id}/review`)).statusCode).toBe(200);
    expect(await db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });
});
