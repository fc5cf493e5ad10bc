import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkFormToken, fastestHumanMs, formTokenKey, issueFormToken } from './form-token.ts';

const key = Buffer.alloc(32, 7);
const shown = new Date('2026-11-28T12:00:00.000Z');
const sent = new Date(shown.getTime() + fastestHumanMs + 1000);

describe('form tokens', () => {
  it('are each their own, though shown in the same millisecond: a token is good for one post', () => {
    const tokens = Array.from({ length: 50 }, () => issueFormToken(key, 'enquiry', shown));
    expect(new Set(tokens).size).toBe(50);
    expect(new Set(tokens.map(formTokenKey)).size).toBe(50);
    for (const token of tokens) expect(checkFormToken(key, 'enquiry', token, sent)).toBe('valid');
  });

  it('refuse a nonce or a time changed, another form’s token, and one sent too soon', () => {
    const token = issueFormToken(key, 'enquiry', shown);
    const [issuedAt, nonce, mac] = token.split('.');
    expect(checkFormToken(key, 'enquiry', `${issuedAt}.${'A'.repeat(16)}.${mac}`, sent)).toBe('forged');
    expect(checkFormToken(key, 'enquiry', `${Number(issuedAt) - 1}.${nonce}.${mac}`, sent)).toBe('forged');
    expect(checkFormToken(key, 'comment', token, sent)).toBe('forged');
    expect(checkFormToken(key, 'enquiry', token, shown)).toBe('too-fast');
  });

  it('keep accepting a token issued before the nonce, for its lifetime', () => {
    const issuedAt = shown.getTime();
    const mac = createHmac('sha256', key).update(`enquiry.${issuedAt}`).digest('base64url');
    expect(checkFormToken(key, 'enquiry', `${issuedAt}.${mac}`, sent)).toBe('valid');
  });
});
