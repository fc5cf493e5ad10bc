import { afterEach, describe, expect, it } from 'vitest';
import { maxFailuresOverall, throttleWindowMs } from './login-throttle.ts';
import { passwordHashingLimits } from './password-queue.ts';
import { openDatabase } from '../store/database.ts';
import { createTestApp, sameOrigin, testAdmin, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp | undefined;
afterEach(() => testApp?.close());

/** A sign-in from an address a proxy that trusts the client's header would pass on: a new one every time. */
function signInFrom(app: TestApp['app'], attempt: number, credentials?: object, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: {
      ...sameOrigin,
      'x-forwarded-for': `10.${(attempt >> 8) & 255}.${attempt & 255}.7`,
      ...(cookie ? { cookie } : {}),
    },
    payload: credentials ?? { email: `guess-${attempt}@elsewhere.example`, password: `guess number ${attempt}` },
  });
}

describe('sign-ins from rotating addresses', () => {
  it('are limited across all addresses together, but not for a browser that signed in before', async () => {
    testApp = await createTestApp({ trustProxy: true });
    const { app, clock } = testApp;
    const known = await signInFrom(app, 100_000, testAdmin);
    const device = known.cookies.find((cookie) => cookie.name === 'northbeam_device')!;
    for (let attempt = 0; attempt < maxFailuresOverall; attempt++) {
      expect((await signInFrom(app, attempt)).statusCode).toBe(401);
    }
    const refused = await signInFrom(app, maxFailuresOverall, testAdmin);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const deviceCookie = `${device.name}=${device.value}`;
    expect((await signInFrom(app, maxFailuresOverall + 1, testAdmin, deviceCookie)).statusCode).toBe(200);
    clock.advance(throttleWindowMs + 1000);
    expect((await signInFrom(app, maxFailuresOverall + 2, testAdmin)).statusCode).toBe(200);
  });

  it('once refused across all addresses, are refused for a second without writing to the database', async () => {
    testApp = await createTestApp({ trustProxy: true });
    const { app, clock } = testApp;
    for (let attempt = 0; attempt < maxFailuresOverall; attempt++) await signInFrom(app, attempt);
    expect((await signInFrom(app, maxFailuresOverall)).statusCode).toBe(429);
    const db = openDatabase(testApp.store);
    try {
      // A failure older than the window: any attempt that reaches the database clears it away first.
      const expired = new Date(clock.now().getTime() - throttleWindowMs - 60_000).toISOString();
      await db
        .insertInto('login_failures')
        .values({
          id: 'expired',
          email_key: 'old@elsewhere.example',
          ip: '10.9.9.9',
          failed_at: expired,
          device_id: null,
        })
        .execute();
      const expiredKept = async () =>
        (await db.selectFrom('login_failures').select('id').where('id', '=', 'expired').executeTakeFirst()) !==
        undefined;
      for (let attempt = 1; attempt <= 50; attempt++) {
        const refused = await signInFrom(app, maxFailuresOverall + attempt);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(await expiredKept()).toBe(true);
      // A second later the database is asked again, and still refuses while the flood's failures last.
      clock.advance(1500);
      expect((await signInFrom(app, 10_000)).statusCode).toBe(429);
      expect(await expiredKept()).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it('past the password queue get 503 with Retry-After, while /healthz answers', async () => {
    // The real scrypt cost: the queue exists for hashes that take most of a second and 128 MiB each.
    testApp = await createTestApp({ trustProxy: true, insecureFastPasswordHashingForTests: false });
    const { app } = testApp;
    const { concurrency, waiting } = passwordHashingLimits;
    let unanswered = 0;
    const attempts = Array.from({ length: concurrency + waiting + 10 }, (_, attempt) => {
      unanswered += 1;
      return signInFrom(app, attempt).finally(() => (unanswered -= 1));
    });
    const health = await app.inject({ url: '/healthz' });
    const signInsStillHashing = unanswered;
    const answers = await Promise.all(attempts);

    expect(health.statusCode).toBe(200);
    expect(signInsStillHashing).toBeGreaterThan(0);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(concurrency + waiting);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length + statuses.filter((status) => status === 401).length).toBe(answers.length);
    for (const answer of busy) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.json().message).toMatch(/Too many sign-ins are being checked/);
    }
  }, 60_000);
});
