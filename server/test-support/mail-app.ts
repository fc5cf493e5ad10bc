import type { Kysely } from 'kysely';
import type { AppOptions } from '../app.ts';
import { openDatabase } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { freePort } from './free-port.ts';
import { SmtpSink } from './smtp-sink.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A test app whose mail goes to a real SMTP server in the test process, or with mail off; and its database. */
export interface MailTestApp {
  testApp: TestApp;
  /** Undefined when the app was started without SMTP_URL. */
  sink: SmtpSink | undefined;
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** Starts the app with `smtp` on (polling the outbox quickly) or off, with any other options a test needs. */
export async function startMailApp(
  { smtp, ...overrides }: { smtp: boolean } & Partial<AppOptions> = { smtp: true },
): Promise<MailTestApp> {
  const sink = smtp ? new SmtpSink(await freePort()) : undefined;
  await sink?.start();
  const testApp = await createTestApp({
    ...overrides,
    ...(sink && { smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailTiming: { pollMs: 30, firstBackoffMs: 50 } }),
  });
  const db = openDatabase(testApp.store);
  return {
    testApp,
    sink,
    db,
    async close() {
      await testApp.close();
      await db.destroy();
      await sink?.stop();
    },
  };
}
