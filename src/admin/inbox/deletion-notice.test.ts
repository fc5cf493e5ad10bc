// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { site } from '@/content/site.ts';
import { deletionNotice } from './deletion-notice.ts';

describe('the admin’s notice that a lead is deleted soon', () => {
  const dayMs = 24 * 60 * 60 * 1000;
  // Late in the evening in UTC: a year on, it is the next morning in India.
  const arrived = '2025-12-01T21:30:00.000Z';
  const due = Date.parse(arrived) + site.privacy.retentionDays * dayMs;

  it('names the day in the admin’s one date format and the reader’s zone', () => {
    expect(site.privacy.retentionDays).toBe(365);
    const now = new Date(due - 10 * dayMs);
    expect(deletionNotice(arrived, now, 'UTC')).toBe('Deleted on 01 Dec 2026');
    expect(deletionNotice(arrived, now, 'Asia/Kolkata')).toBe('Deleted on 02 Dec 2026');
  });

  it('says nothing while the day is more than 30 days off', () => {
    expect(deletionNotice(arrived, new Date(due - 31 * dayMs))).toBeNull();
    expect(deletionNotice(arrived, new Date(due - 29 * dayMs), 'UTC')).toBe('Deleted on 01 Dec 2026');
  });
});
