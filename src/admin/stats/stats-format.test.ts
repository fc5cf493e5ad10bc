// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatShare, pointsChange, relativeChange } from './stats-format.ts';

describe('the figures of the Stats page', () => {
  it('writes counts, shares and durations as people read them', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatShare(0.4)).toBe('40 %');
    expect(formatShare(0.025)).toBe('2.5 %');
    expect(formatShare(0)).toBe('0 %');
    expect(formatShare(1)).toBe('100 %');
    expect(formatDuration(44.6)).toBe('45 s');
    expect(formatDuration(125)).toBe('2 min 05 s');
    expect(formatDuration(3720)).toBe('1 h 02 min');
  });

  it('gives a change against the previous period in signs and in words', () => {
    expect(relativeChange(112, 100)).toEqual({ text: '+12 %', words: 'up 12 %', direction: 'up' });
    expect(relativeChange(97, 100)).toEqual({ text: '\u22123 %', words: 'down 3 %', direction: 'down' });
    expect(relativeChange(100, 100)).toEqual({ text: '0 %', words: 'unchanged', direction: 'same' });
    expect(relativeChange(0, 0)).toEqual({ text: '0 %', words: 'unchanged', direction: 'same' });
    expect(relativeChange(5, 0)).toEqual({ text: 'new', words: 'none in the previous period', direction: 'up' });
    expect(relativeChange(0, 5)).toEqual({ text: '\u2212100 %', words: 'down 100 %', direction: 'down' });
  });

  it('gives the change of a rate in percentage points', () => {
    expect(pointsChange(0.45, 0.4)).toEqual({ text: '+5 pts', words: 'up 5 percentage points', direction: 'up' });
    expect(pointsChange(0.4, 0.45).words).toBe('down 5 percentage points');
  });
});
