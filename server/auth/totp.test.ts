import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchingStep, newTotpSecret, otpauthUri, timeStep, totpCode } from './totp.ts';

// RFC 6238, appendix B: the SHA-1 key is the ASCII text "12345678901234567890"; six digits are the last six.
const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('gives the RFC test vector at %i s', (seconds, code) => {
    expect(totpCode(rfcSecret, timeStep(new Date(seconds * 1000)))).toBe(code);
  });

  it('accepts the code of the step before and after, and nothing further', () => {
    const now = new Date(1111111109 * 1000);
    const step = timeStep(now);
    expect(matchingStep(rfcSecret, totpCode(rfcSecret, step - 1), now)).toBe(step - 1);
    expect(matchingStep(rfcSecret, totpCode(rfcSecret, step + 1), now)).toBe(step + 1);
    expect(matchingStep(rfcSecret, totpCode(rfcSecret, step - 2), now)).toBeNull();
    expect(matchingStep(rfcSecret, 'abcdef', now)).toBeNull();
  });

  it('makes 160-bit base32 secrets and an otpauth URI that apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    const text = otpauthUri(secret, 'editor@northbeam.example', 'Northbeam');
    expect(text.startsWith('otpauth://totp/Northbeam%3Aeditor%40northbeam.example?')).toBe(true);
    const uri = new URL(text);
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Northbeam');
  });
});
