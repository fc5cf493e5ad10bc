import { describe, expect, it } from 'vitest';
import seo from '../../content/services/seo.json';
import { commitSummary, documentChanges, matchSections, suggestMessage } from './content-changes.ts';

type Page = typeof seo;
const copy = (): Page => structuredClone(seo);
const move = (page: Page, from: number, to: number) => {
  const [section] = page.sections.splice(from, 1);
  page.sections.splice(to, 0, section!);
  return page;
};

describe('what changed in a content document', () => {
  it('names a move as a move, one change, whichever way it went', () => {
    const up = move(copy(), 5, 3);
    expect(documentChanges(seo, up)).toEqual([
      {
        pointer: '/sections/3',
        label: 'Section 4 (journey)',
        kind: 'moved',
        before: 'Position 6',
        after: 'Position 4',
      },
    ]);
    expect(suggestMessage(seo, up, '/seo')).toBe('Move the journey section up on /seo');
    expect(suggestMessage(seo, move(copy(), 1, 6), '/seo')).toBe('Move the offerings section down on /seo');
  });

  it('finds a section added at the top as one added section, the others unmoved and unchanged', () => {
    const added = copy();
    added.sections.unshift({ type: 'contact', heading: 'Call us today' } as never);
    const changes = documentChanges(seo, added);
    expect(changes).toEqual([
      { pointer: '/sections/0', label: 'Section 1 (contact)', kind: 'added', after: 'Contact: Call us today' },
    ]);
    expect(suggestMessage(seo, added, '/seo')).toBe('Add a contact section to /seo');
  });

  it('follows an edited section that moved, and says what was edited in it', () => {
    const edited = move(copy(), 0, 2);
    edited.sections[2]!.heading = 'SEO for buyers who are ready';
    expect(matchSections(seo.sections, edited.sections)).toEqual([1, 2, 0, 3, 4, 5, 6, 7]);
    const changes = documentChanges(seo, edited);
    expect(changes.map(({ kind, label }) => `${kind} ${label}`)).toEqual([
      'moved Section 3 (hero)',
      'field Section 3 (hero) › Heading',
    ]);
    expect(changes[1]).toMatchObject({ before: seo.sections[0]!.heading, after: 'SEO for buyers who are ready' });
    expect(suggestMessage(seo, edited, '/seo')).toBe(
      'Move the hero section down and change Section 3 (hero) › Heading on /seo',
    );
  });

  it('names a removed section and the fields changed beside it', () => {
    const removed = copy();
    removed.sections.splice(3, 1);
    removed.title = 'SEO in Gurugram';
    expect(documentChanges(seo, removed).map(({ kind, label }) => `${kind} ${label}`)).toEqual([
      'field Title',
      'removed Section 4 (prose)',
    ]);
    expect(suggestMessage(seo, removed, '/seo')).toBe('Remove the prose section and change Title on /seo');
    expect(suggestMessage(seo, copy(), '/seo')).toBe('Update /seo');
  });
});

describe("a commit's message in the studio", () => {
  it('shows the first line without prefixes, a merge in words, a long subject cut at a word', () => {
    expect(commitSummary('feat(content): describe the SEO offer\n\nSigned-off-by: Dev <dev@example.com>')).toBe(
      'Describe the SEO offer',
    );
    expect(commitSummary('[skip ci] fix!: Fix a sentence on the SEO page')).toBe('Fix a sentence on the SEO page');
    expect(commitSummary("Merge branch 'nojs' into int")).toBe('Merged changes made on another branch');
    expect(commitSummary('Change Description on /seo')).toBe('Change Description on /seo');
    const long = `Add the enquiry and job application forms as sections: on /contact, /work-with-us and above every service page's footer banner`;
    expect(commitSummary(long)).toBe(`${long.slice(0, long.indexOf(' banner'))}…`);
  });
});
