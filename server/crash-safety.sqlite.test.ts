import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { crashRounds, leadWrites, mediaWrites, postWrites, revisionWrites } from './test-support/crash-rounds.ts';
import { freePort } from './test-support/free-port.ts';
import { SmtpSink } from './test-support/smtp-sink.ts';
import { temporaryDirectory } from './test-support/test-app.ts';

// A small number here; `npm run test:crash -- --kills 1000` runs the same rounds at scale.
const kills = 5;
const writers = 4;
let dataDir: string;

let sink: SmtpSink;

afterEach(async () => {
  await sink.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash safety of the SQLite store', () => {
  it(`keeps every acknowledged post, revision, upload and enquiry (and its notification) through ${kills} kills with SIGKILL mid-write, and stays intact`, async () => {
    dataDir = temporaryDirectory();
    sink = new SmtpSink(await freePort());
    await sink.start();
    const report = await crashRounds({
      dataDir,
      kills,
      writers,
      kinds: [postWrites, revisionWrites, mediaWrites, leadWrites(sink)],
      env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
    });
    expect(report.lost).toEqual({});
    expect(report.unexpected).toEqual([]);
    // Each round lets every kind of write land at least once before the kill.
    expect(report.kills).toBe(kills);
    for (const kind of ['posts', 'revisions', 'media', 'leads'])
      expect(report.acknowledged[kind]).toBeGreaterThanOrEqual(kills);
    expect(report.integrity).toBe('ok');
    expect(report.foreignKeyProblems).toBe(0);
  }, 300_000);
});
