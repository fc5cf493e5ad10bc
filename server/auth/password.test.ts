import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, productionScryptCost, testScryptCost, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('hashes with scrypt at N = 2^17, r = 8, p = 1 in production, with a random salt', async () => {
    const hash = await hashPassword('correct horse battery staple', productionScryptCost);
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('correct horse battery staple', hash, productionScryptCost)).toEqual({
      valid: true,
      needsRehash: false,
    });
    expect(await hashPassword('correct horse battery staple', testScryptCost)).not.toBe(
      await hashPassword('correct horse battery staple', testScryptCost),
    );
  });

  it('rejects a wrong password and a malformed hash', async () => {
    const hash = await hashPassword('correct horse battery staple', testScryptCost);
    expect((await verifyPassword('Correct horse battery staple', hash, testScryptCost)).valid).toBe(false);
    expect((await verifyPassword('anything', 'plaintext', testScryptCost)).valid).toBe(false);
  });

  it('asks for a rehash when the hash was made at another cost', async () => {
    const hash = await hashPassword('correct horse battery staple', testScryptCost);
    expect(await verifyPassword('correct horse battery staple', hash, testScryptCost + 1)).toEqual({
      valid: true,
      needsRehash: true,
    });
  });
});

describe('passwordProblem', () => {
  it('accepts 12 to 128 characters, counting characters rather than bytes', () => {
    expect(passwordProblem('x'.repeat(11))).toMatch(/at least 12/);
    expect(passwordProblem('x'.repeat(12))).toBeNull();
    expect(passwordProblem('é'.repeat(128))).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toMatch(/at most 128/);
    expect(passwordProblem('🔑'.repeat(12))).toBeNull();
  });
});
