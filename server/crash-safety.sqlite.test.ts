import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { crashRounds } from './test-support/crash-rounds.ts';
import { temporaryDirectory } from './test-support/test-app.ts';

// A small number here; `npm run test:crash -- --kills 1000` runs the same rounds at scale.
const kills = 5;
const writers = 4;
let dataDir: string;

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash safety of the SQLite store', () => {
  it(`keeps every acknowledged post, revision, upload and enquiry (and its notification) through ${kills} kills with SIGKILL mid-write, and stays intact`, async () => {
    dataDir = temporaryDirectory();
    const report = await crashRounds({
      dataDir,
      kills,
      writers,
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
