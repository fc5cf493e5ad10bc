import { existsSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { bundleServer } from './server-bundle.ts';

describe('the server bundle of a test run', () => {
  it('is built once, in the folder the run shares, and outlives a test file that removes it', async () => {
    const first = await bundleServer();
    const second = await bundleServer();
    expect(second.entry).toBe(first.entry);
    expect(first.entry.startsWith(inject('sharedFolder'))).toBe(true);
    first.remove();
    expect(existsSync(first.entry)).toBe(true);
  }, 180_000);
});
