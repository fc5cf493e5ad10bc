import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { SignInLinkSent } from '../../src/content/types.gen.ts';
import { maxFailuresOverall, maxFailuresPerAccount } from './login-throttle.ts';
import { maxSignInLinkMailsPerAddress, maxSignInLinksPerNetwork, signInLinkLifetimeMs } from './sign-in-link.ts';
import type { Database } from '../store/schema.ts';
import { startMailApp, type MailTestApp } from '../test-support/mail-app.ts';
import type { SmtpSink } from '../test-support/smtp-sink.ts';
import { sameOrigin, signIn, testAdmin, type TestApp } from '../test-support/test-app.ts';
import { cookiesOf, currentCode, turnOnTwoFactor } from '../test-support/two-factor.ts';

let testApp: TestApp | undefined;
let sink: SmtpSink | undefined;
let db: Kysely<Database> | undefined;
let started: MailTestApp | undefined;
afterEach(async () => {
  await started?.close();
  [started, testApp, db, sink] = [undefined, undefined, undefined, undefined];
});

async function start(options: { smtp: boolean }): Promise<TestApp> {
  started = await startMailApp({ ...options, trustProxy: true });
  ({ testApp, sink, db } = started);
  return started.testApp;
}

const from = (attempt: number) => `10.${(attempt >> 8) & 255}.${attempt & 255}.9`;

function post(url: string, payload: object | undefined, attempt: number, cookie?: string) {
  return testApp!.app.inject({
    method: 'POST',
    url,
    headers: { ...sameOrigin, 'x-forwarded-for': from(attempt), ...(cookie && { cookie }) },
    ...(payload && { payload }),
  });
}

/** About a hundred wrong sign-ins from rotating addresses: every browser without a device cookie is then refused. */
async function flood() {
  for (let attempt = 0; attempt < maxFailuresOverall; attempt++) {
    const payload = { email: `guess-${attempt}@elsewhere.example`, password: `guess ${attempt}` };
    expect((await post('/api/auth/login', payload, attempt)).statusCode).toBe(401);
  }
  expect((await post('/api/auth/login', testAdmin, 5000)).statusCode).toBe(429);
}

const askForLink = (email: string, attempt = 6000) => post('/api/auth/sign-in-link', { email }, attempt);
const useLink = (token: string, attempt = 7000, cookie?: string) =>
  post(`/api/auth/sign-in-link/${token}`, undefined, attempt, cookie);

async function mailedToken(count: number): Promise<string> {
  const mails = await sink!.waitFor(count);
  const link = mails[count - 1]!.text!.match(/https?:\/\/\S+\/admin\/sign-in-link\/([\w-]+)/);
  expect(link).not.toBeNull();
  return link![1]!;
}

describe('the e-mailed sign-in link', () => {
  it('lets a member in while the limit across all addresses refuses passwords, once, and trusts that browser', async () => {
    const { app } = await start({ smtp: true });
    await flood();
    const asked = await askForLink(testAdmin.email);
    expect(asked.statusCode).toBe(202);
    expect(asked.json<SignInLinkSent>().message).toMatch(/If editor@northbeam.example belongs to a member/);
    const [mail] = await sink!.waitFor(1);
    expect(mail!.to).toMatchObject({ value: [{ address: testAdmin.email }] });
    const token = await mailedToken(1);

    const used = await useLink(token);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ email: testAdmin.email });
    expect((await app.inject({ url: '/api/auth/me', headers: { cookie: cookiesOf(used) } })).statusCode).toBe(200);
    const again = await useLink(token);
    expect(again.statusCode).toBe(410);
    expect(again.json<{ message: string }>().message).toMatch(/used already/);
    // The browser is now a trusted device: its password works during the flood, which still refuses the others.
    const device = used.cookies.find((cookie) => cookie.name === 'northbeam_device')!;
    const deviceCookie = `${device.name}=${device.value}`;
    expect((await post('/api/auth/login', testAdmin, 8000, deviceCookie)).statusCode).toBe(200);
    expect((await post('/api/auth/login', testAdmin, 8001)).statusCode).toBe(429);
  }, 60_000);

  it('answers an unknown address exactly like a member’s, and sends it nothing', async () => {
    await start({ smtp: true });
    const known = await askForLink(testAdmin.email);
    const unknown = await askForLink('nobody@elsewhere.example');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json<SignInLinkSent>().message.replace('nobody@elsewhere.example', testAdmin.email)).toBe(
      known.json<SignInLinkSent>().message,
    );
    await sink!.waitFor(1);
    const queued = await db!.selectFrom('mail_outbox').select('recipients').execute();
    expect(queued.map((row) => row.recipients)).toEqual([JSON.stringify([testAdmin.email])]);
  });

  it('cannot be spent by others: after a stranger’s wrong passwords and link requests, the member gets in', async () => {
    const { app, clock } = await start({ smtp: true });
    // The probe: links asked for the member's address from rotating networks, left to expire...
    for (let attempt = 0; attempt < maxSignInLinkMailsPerAddress; attempt++) {
      expect((await askForLink(testAdmin.email, 100 + attempt)).statusCode).toBe(202);
    }
    clock.advance(signInLinkLifetimeMs + 1000);
    // ...then the account's limit of wrong passwords, from rotating addresses too.
    for (let attempt = 0; attempt < maxFailuresPerAccount; attempt++) {
      const wrong = { email: testAdmin.email, password: `wrong guess ${attempt}` };
      expect((await post('/api/auth/login', wrong, 200 + attempt)).statusCode).toBe(401);
    }
    expect((await post('/api/auth/login', testAdmin, 6000)).statusCode).toBe(429);

    const asked = await askForLink(testAdmin.email, 6000);
    expect(asked.statusCode).toBe(202);
    const token = await mailedToken(maxSignInLinkMailsPerAddress + 1);
    const used = await useLink(token, 6000);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ email: testAdmin.email });
    expect((await app.inject({ url: '/api/auth/me', headers: { cookie: cookiesOf(used) } })).statusCode).toBe(200);
  }, 60_000);

  it('mails an address a few links an hour, then one only when none mailed still works', async () => {
    const { clock } = await start({ smtp: true });
    const mailed = async () => (await db!.selectFrom('mail_outbox').select('id').execute()).length;
    for (let attempt = 0; attempt < maxSignInLinkMailsPerAddress; attempt++) {
      expect((await askForLink(testAdmin.email, 100 + attempt)).statusCode).toBe(202);
    }
    expect(await mailed()).toBe(maxSignInLinkMailsPerAddress);
    // More requests from fresh networks are answered alike, and mail nothing while a mailed link works.
    const unmailed = await askForLink(testAdmin.email, 110);
    const unknown = await askForLink('nobody@elsewhere.example', 111);
    expect([unmailed.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(unknown.json<SignInLinkSent>().message.replace('nobody@elsewhere.example', testAdmin.email)).toBe(
      unmailed.json<SignInLinkSent>().message,
    );
    clock.advance(signInLinkLifetimeMs - 1000);
    expect((await askForLink(testAdmin.email, 112)).statusCode).toBe(202);
    expect(await mailed()).toBe(maxSignInLinkMailsPerAddress);
    // Once every mailed link has expired, the next request mails one, and only one per link's lifetime.
    clock.advance(2000);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await askForLink(testAdmin.email, 120 + attempt)).statusCode).toBe(202);
    }
    expect(await mailed()).toBe(maxSignInLinkMailsPerAddress + 1);
    // A link used up works no more, so the next request mails a new one at once.
    await useLink(await mailedToken(maxSignInLinkMailsPerAddress + 1));
    expect((await askForLink(testAdmin.email, 130)).statusCode).toBe(202);
    expect(await mailed()).toBe(maxSignInLinkMailsPerAddress + 2);
  }, 60_000);

  it.each([
    ['an IPv4 /24', (n: number) => `198.51.100.${n + 1}`, '198.51.101.1'],
    ['an IPv6 /64', (n: number) => `2001:db8:1:2:${n.toString(16)}::${n + 1}`, '2001:db8:1:3::1'],
  ])('is limited per requester network, %s, with 429 and Retry-After', async (_network, inNetwork, next) => {
    const { clock } = await start({ smtp: true });
    const ask = (email: string, address: string) =>
      testApp!.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in-link',
        headers: { ...sameOrigin, 'x-forwarded-for': address },
        payload: { email },
      });
    for (let count = 0; count < maxSignInLinksPerNetwork; count++) {
      const email = count % 2 === 0 ? testAdmin.email : `someone-${count}@elsewhere.example`;
      expect((await ask(email, inNetwork(count))).statusCode).toBe(202);
    }
    const refused = await ask('another@elsewhere.example', inNetwork(200));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ message: string }>().message).toMatch(/from your network/);
    // The next network is not refused, nor is this one an hour on.
    expect((await ask(testAdmin.email, next)).statusCode).toBe(202);
    clock.advance(60 * 60 * 1000 + 1000);
    expect((await ask(testAdmin.email, inNetwork(201))).statusCode).toBe(202);
  });

  it('says in words that a link has expired after 15 minutes, and that a forged one is not valid', async () => {
    const { clock } = await start({ smtp: true });
    await askForLink(testAdmin.email);
    const token = await mailedToken(1);
    clock.advance(signInLinkLifetimeMs + 1);
    const expired = await useLink(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json<{ message: string }>().message).toMatch(/expired/);
    expect(expired.cookies).toEqual([]);
    const forged = await useLink('d'.repeat(43));
    expect(forged.statusCode).toBe(404);
  });

  it('still asks for the second factor when two-factor sign-in is on, and lets the code through the flood', async () => {
    const { app, clock } = await start({ smtp: true });
    const { secret } = await turnOnTwoFactor(app, await signIn(app), clock);
    // The next time step: the code that turned it on is used up.
    clock.advance(30_000);
    await flood();
    await askForLink(testAdmin.email);
    const used = await useLink(await mailedToken(1));
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ twoFactorRequired: true });
    expect(used.cookies.some((cookie) => cookie.name.includes('session'))).toBe(false);
    const verified = await post('/api/auth/2fa/verify', { code: currentCode(secret, clock) }, 7001, cookiesOf(used));
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ email: testAdmin.email });
  }, 60_000);

  it('is refused with 409 in words when the server cannot send e-mail', async () => {
    await start({ smtp: false });
    const refused = await askForLink(testAdmin.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/SMTP_URL is not set/);
  });
});
