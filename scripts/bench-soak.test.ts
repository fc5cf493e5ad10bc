import { describe, expect, it } from 'vitest';
import { runScript } from '../server/test-support/run-script.ts';

describe('npm run bench:soak', () => {
  it('loads the production server with mixed traffic and samples its memory and file descriptors', async () => {
    const { code, output } = await runScript(
      'bench-soak.ts',
      ['--seconds', '8', '--sample-seconds', '1', '--connections', '2'],
      {},
    );
    expect(output).toMatch(/second {2}RSS MB {2}heap MB {2}open fds/);
    const samples = output.split('\n').filter((line) => /^\s+\d+\s+[\d.]+\s+[\d.]+\s+\d+$/.test(line));
    expect(samples.length).toBeGreaterThanOrEqual(4);
    for (const line of samples) {
      const [, rss, heap, fds] = line.trim().split(/\s+/).map(Number);
      expect(rss).toBeGreaterThan(10);
      expect(heap).toBeGreaterThan(1);
      expect(fds).toBeGreaterThan(3);
    }
    expect(output).toMatch(/ 0 5xx, 0 errors, 0 failed searches or uploads/);
    expect(output).toMatch(/rssBytes: -?[\d.]+ % after warm-up/);
    expect(code).toBe(0);
  }, 120_000);
});
