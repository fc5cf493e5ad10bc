// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isPublicAt, isScheduledAt } from './post-visibility.ts';

const now = new Date('2025-12-01T12:00:00.000Z');

describe('when a post is public', () => {
  it('shows a published post from its date on, and schedules it before', () => {
    const post = { status: 'published' as const, publishedAt: '2025-12-01T12:00:00.000Z' };
    expect([isPublicAt(post, now), isScheduledAt(post, now)]).toEqual([true, false]);
    const later = { ...post, publishedAt: '2025-12-01T12:00:00.001Z' };
    expect([isPublicAt(later, now), isScheduledAt(later, now)]).toEqual([false, true]);
  });

  it('never shows drafts, archived posts or a post without a date', () => {
    for (const post of [
      { status: 'draft' as const, publishedAt: '2025-01-01T00:00:00.000Z' },
      { status: 'archived' as const, publishedAt: '2025-01-01T00:00:00.000Z' },
      { status: 'published' as const, publishedAt: null },
    ]) {
      expect([isPublicAt(post, now), isScheduledAt(post, now)]).toEqual([false, false]);
    }
  });

  it('compares instants, not text: a date written with an offset is public once its instant has passed', () => {
    const post = { status: 'published' as const, publishedAt: '2025-12-01T13:00:00+02:00' };
    expect([isPublicAt(post, now), isScheduledAt(post, now)]).toEqual([true, false]);
  });
});
