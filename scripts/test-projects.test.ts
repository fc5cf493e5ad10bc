import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './lib/content.ts';
import { moduleMockingTests } from './lib/test-projects.ts';

describe('the web tests that mock a module', () => {
  it('are exactly the files that call vi.mock, so that none runs in the shared web project', () => {
    const mocking = readdirSync(join(repoRoot, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => join('src', file))
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(repoRoot, file), 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    expect([...moduleMockingTests].sort()).toEqual(mocking.sort());
  });
});
