// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cvDownloadName, deletionSoon, leadDeletionDate, retentionCutOff } from './lead-retention.ts';

describe('when a lead is deleted', () => {
  const arrived = '2025-12-01T09:30:00.000Z';

  it('is its retention period after it arrived, the same moment the daily run cuts off at', () => {
    const at = leadDeletionDate(arrived, 365);
    expect(at.toISOString()).toBe('2026-12-01T09:30:00.000Z');
    expect(retentionCutOff(at, 365).toISOString()).toBe(arrived);
  });

  it('is said in the admin within 30 days of it, and not before', () => {
    expect(deletionSoon(arrived, 365, new Date('2026-10-31T09:00:00.000Z'))).toBeNull();
    expect(deletionSoon(arrived, 365, new Date('2026-11-01T10:00:00.000Z'))?.toISOString()).toBe(
      '2026-12-01T09:30:00.000Z',
    );
    expect(deletionSoon(arrived, 365, new Date('2026-12-02T00:00:00.000Z'))?.toISOString()).toBe(
      '2026-12-01T09:30:00.000Z',
    );
  });
});

describe('a CV download name', () => {
  it.each([
    ['polyglot.html', 'application/pdf', 'polyglot.pdf'],
    ['Asha CV.pdf', 'application/pdf', 'Asha CV.pdf'],
    ['cv.pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'cv.docx'],
    ['.htaccess', 'application/pdf', 'cv.pdf'],
    ['résumé', 'application/pdf', 'résumé.pdf'],
  ])('turns %j (%s) into %j', (name, type, expected) => {
    expect(cvDownloadName(name, type)).toBe(expected);
  });
});
