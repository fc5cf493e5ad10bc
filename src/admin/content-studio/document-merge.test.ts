import { describe, expect, it } from 'vitest';
import seo from '../../../content/services/seo.json';
import { defaultChoice, mergedDocument, mergeFields, overwritten } from './document-merge.ts';

type Document = Record<string, unknown> & typeof seo;
const copy = () => structuredClone(seo) as Document;

describe('merging an edit with the version saved meanwhile', () => {
  const mine = copy();
  mine.title = 'My title';
  mine.sections[0]!.heading = 'My heading';
  const theirs = copy();
  theirs.title = 'Their title';
  theirs.sections[0]!.text = 'Their text';
  const fields = mergeFields(seo, mine, theirs);

  it('lists each field that differs with both values, and who changed it', () => {
    expect(fields.map(({ label, changedBy, mine: a, theirs: b }) => [label, changedBy, a, b])).toEqual([
      ['Title', 'both', 'My title', 'Their title'],
      ['Section 1 (hero) › Heading', 'mine', 'My heading', seo.sections[0]!.heading],
      ['Section 1 (hero) › Text', 'theirs', seo.sections[0]!.text, 'Their text'],
    ]);
    expect(fields.map(defaultChoice)).toEqual(['mine', 'mine', 'theirs']);
  });

  it('keeps their change where only they changed a field, and says which of theirs this save replaces', () => {
    const merged = mergedDocument(mine, fields, {}) as Document;
    expect(merged.title).toBe('My title');
    expect(merged.sections[0]!.heading).toBe('My heading');
    expect(merged.sections[0]!.text).toBe('Their text');
    expect(overwritten(fields, {}).map((field) => field.label)).toEqual(['Title']);
    const theirTitle = mergedDocument(mine, fields, { '/title': 'theirs' }) as Document;
    expect(theirTitle.title).toBe('Their title');
    expect(overwritten(fields, { '/title': 'theirs' })).toEqual([]);
    // Taking theirs everywhere is their document.
    const all = Object.fromEntries(fields.map((field) => [field.pointer, 'theirs' as const]));
    expect(mergedDocument(mine, fields, all)).toEqual(theirs);
  });

  it('takes a list whose sections changed in number or order as one field, whole from one side', () => {
    const moved = copy();
    moved.sections.reverse();
    const retitled = copy();
    retitled.sections[1]!.heading = 'Their offerings';
    const [only, ...rest] = mergeFields(seo, moved, retitled);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ pointer: '/sections', label: 'Sections', changedBy: 'both' });
    expect(mergedDocument(moved, [only!], { '/sections': 'theirs' })).toEqual(retitled);
  });
});
