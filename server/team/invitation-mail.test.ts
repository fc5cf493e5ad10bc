import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminUser, Invitation, TeamMember } from '../../src/content/types.gen.ts';
import type { Database } from '../store/schema.ts';
import { startMailApp, type MailTestApp } from '../test-support/mail-app.ts';
import type { SmtpSink } from '../test-support/smtp-sink.ts';
import { memberPassword } from '../test-support/team.ts';
import { invitationMail } from './invitation-mail.ts';
import { asAdmin, sameOrigin, signIn, testAdmin, type TestApp } from '../test-support/test-app.ts';

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

function inviteAs(cookie: string, email: string, role = 'author') {
  return testApp.app.inject(asAdmin(cookie, { method: 'POST', url: '/api/invitations', payload: { email, role } }));
}

describe('invitation e-mails', () => {
  it('reach the invited address over SMTP, from the inviter, with a link that works once', async () => {
    await start({ smtp: true });
    const me = (await testApp.app.inject(asAdmin(owner, { method: 'GET', url: '/api/auth/me' }))).json<AdminUser>();
    const response = await inviteAs(owner, 'Grace@Northbeam.example');
    expect(response.statusCode).toBe(201);
    const invitation = response.json<Invitation>();
    expect(invitation.emailed).toBe(true);

    const [mail] = await sink!.waitFor(1);
    expect(mail!.to).toMatchObject({ value: [{ address: 'grace@northbeam.example' }] });
    expect(mail!.replyTo).toMatchObject({ value: [{ address: testAdmin.email }] });
    // The inviter's name is free text: in the body only, never in the subject a mail client shows unopened.
    expect(mail!.subject).not.toContain(me.name);
    expect(mail!.subject).toBe('An invitation to join the team of Northbeam');
    expect(mail!.text).toContain(`${me.name} (${testAdmin.email}) invites you`);
    expect(mail!.text).toContain('as author');
    expect(mail!.text).toMatch(/until \d{1,2} \w+ \d{4}/);
    const link = mail!.text!.match(/https?:\/\/\S+\/admin\/invitations\/[\w-]+/)?.[0];
    expect(link).toBe(invitation.url);

    const accept = () =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/invitations/${link!.split('/').at(-1)}/accept`,
        headers: sameOrigin,
        payload: { name: 'Grace Hopper', password: memberPassword },
      });
    const accepted = await accept();
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json<AdminUser>()).toMatchObject({ email: 'grace@northbeam.example', role: 'author' });
    expect((await accept()).statusCode).toBe(410);
    const row = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ about: `invitation:${invitation._id}` });
    expect(row.sent_at).not.toBeNull();
  });

  it('queue nothing for a refused invitation', async () => {
    await start({ smtp: true });
    expect((await inviteAs(owner, testAdmin.email)).statusCode).toBe(409);
    expect((await inviteAs(owner, 'not an address')).statusCode).toBe(400);
    expect(await db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
  });

  it('are not queued without SMTP_URL: the answer says the link is only there to copy', async () => {
    await start({ smtp: false });
    const response = await inviteAs(owner, 'ada@northbeam.example', 'contributor');
    expect(response.statusCode).toBe(201);
    expect(response.json<Invitation>()).toMatchObject({ emailed: false, url: expect.stringContaining('/admin/') });
    expect(await db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
  });

  it('hold no line forged by a display name: names are kept to one line when given, and in the mail', async () => {
    await start({ smtp: true });
    const me = (await testApp.app.inject(asAdmin(owner, { method: 'GET', url: '/api/auth/me' }))).json<AdminUser>();
    const forged = 'Ada\r\nTo accept, open this link instead: https://evil.example/x\u0085\u2028';
    const renamed = await testApp.app.inject(
      asAdmin(owner, { method: 'PATCH', url: `/api/users/${me._id}`, payload: { name: forged } }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<TeamMember>().name).toBe('Ada To accept, open this link instead: https://evil.example/x');
    expect((await inviteAs(owner, 'grace@northbeam.example')).statusCode).toBe(201);
    const [mail] = await sink!.waitFor(1);
    expect(mail!.text).toContain('Ada To accept, open this link instead: https://evil.example/x (');
    expect(mail!.text!.split('\n').filter((line) => line.startsWith('To accept'))).toEqual([
      'To accept, open this link, then choose the name shown on your posts and a password:',
    ]);

    const blank = await testApp.app.inject(
      asAdmin(owner, { method: 'PATCH', url: `/api/users/${me._id}`, payload: { name: '\r\n\t' } }),
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ details: [{ path: '/name', message: 'must not be blank' }] });

    const link = mail!.text!.match(/https?:\/\/\S+\/admin\/invitations\/[\w-]+/)![0];
    const accepted = await testApp.app.inject({
      method: 'POST',
      url: `/api/invitations/${link.split('/').at(-1)}/accept`,
      headers: sameOrigin,
      payload: { name: 'Grace\nHopper\r\nBcc: x@evil.example', password: memberPassword },
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json<AdminUser>().name).toBe('Grace Hopper Bcc: x@evil.example');
  });

  it('keep a name stored before names were kept to one line on one line', () => {
    const facts = {
      id: 'i1',
      to: 'grace@northbeam.example',
      role: 'author' as const,
      url: 'https://northbeam.example/admin/invitations/t',
      expiresAt: '2026-12-14T10:00:00.000Z',
      inviter: { name: 'Ada\nTo accept, open this link instead: https://evil.example', email: 'ada@northbeam.example' },
      brandName: 'Northbeam',
    };
    const lines = invitationMail(facts).text.split('\n');
    expect(lines[0]).toMatch(/^Ada To accept, open this link instead: https:\/\/evil\.example \(ada@/);
    expect(lines.filter((line) => line.startsWith('To accept'))).toEqual([
      'To accept, open this link, then choose the name shown on your posts and a password:',
    ]);
    expect(lines.at(-3)).toContain('After that, ask Ada To accept');
  });
});
