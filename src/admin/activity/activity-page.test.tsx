import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/api/testing/fake-api.ts';
import type { AuditEntry } from '@/content/types.gen.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

const entry = (fields: Pick<AuditEntry, '_id' | 'action' | 'target' | 'targetName'>): AuditEntry => ({
  at: '2025-12-01T12:00:00.000Z',
  actor: 'editor@northbeam.example',
  address: '127.0.0.1',
  outcome: 'success',
  ...fields,
});

const entries = [
  entry({ _id: 'a1', action: 'post-update', target: 'p1', targetName: 'Local SEO wins' }),
  entry({ _id: 'a2', action: 'post-delete', target: 'p2', targetName: null }),
  entry({ _id: 'a3', action: 'media-upload', target: 'm1', targetName: 'harbour.png' }),
  entry({ _id: 'a4', action: 'media-delete', target: 'm2', targetName: null }),
  entry({ _id: 'a5', action: 'sign-in', target: null, targetName: null }),
  entry({ _id: 'a6', action: 'lead-cv-view', target: 'l1', targetName: 'Asha Rao' }),
  entry({ _id: 'a7', action: 'lead-delete', target: 'l2', targetName: null }),
  entry({ _id: 'a8', action: 'privacy-erase', target: '2 leads, 1 CVs', targetName: null }),
];

const subscriberEntries = [
  entry({ _id: 's1', action: 'subscriber-delete', target: 'sub-1', targetName: null }),
  entry({ _id: 's2', action: 'subscriber-import', target: '3 rows: 1 active, 1 asked to confirm', targetName: null }),
  entry({ _id: 's3', action: 'subscriber-export', target: '12 subscribers', targetName: null }),
];

describe('ActivityPage', () => {
  it('shows what each entry acted on by name, linked, and says when it was deleted, never a raw id', async () => {
    fakeApi({ ...signedIn, 'GET /api/audit': { body: entries, headers: { 'x-total-count': '8' } } });
    renderAdmin('/admin/activity');
    const table = await screen.findByRole('table', {}, chunkWait);
    const onColumn = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]!);
    expect(onColumn.map((cell) => cell.textContent)).toEqual([
      'Local SEO wins',
      'A deleted post',
      'harbour.png',
      'A deleted image',
      '—',
      'Asha Rao',
      'A deleted lead',
      '2 leads, 1 CVs',
    ]);
    expect(within(onColumn[5]!).getByRole('link')).toHaveAttribute('href', '/admin/inbox/l1');
    expect(within(onColumn[0]!).getByRole('link')).toHaveAttribute('href', '/admin/blog/edit/p1');
    expect(within(onColumn[2]!).getByRole('link')).toHaveAttribute('href', '/admin/media?q=harbour.png');
  });

  it('names the subscribers’ deletions, imports and exports, with how many and never the deleted address', async () => {
    fakeApi({ ...signedIn, 'GET /api/audit': { body: subscriberEntries, headers: { 'x-total-count': '3' } } });
    renderAdmin('/admin/activity');
    const table = await screen.findByRole('table', {}, chunkWait);
    const rows = within(table).getAllByRole('row').slice(1);
    const what = (row: HTMLElement) => [
      within(row).getByRole('rowheader').textContent,
      within(row).getAllByRole('cell')[2]!.textContent,
    ];
    expect(rows.map(what)).toEqual([
      ['Subscriber deleted', 'A deleted subscriber'],
      ['Subscribers imported', '3 rows: 1 active, 1 asked to confirm'],
      ['Subscribers exported', '12 subscribers'],
    ]);
    expect(table).not.toHaveTextContent('sub-1');
  });
});
