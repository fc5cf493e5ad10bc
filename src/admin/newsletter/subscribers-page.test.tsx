import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi, type FakeReply } from '@/api/testing/fake-api.ts';
import type { Subscriber, SubscriberImportReport } from '@/content/types.gen.ts';
import { admin, chunkWait, renderAdmin } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

const subscriber = (fields: Partial<Subscriber> & Pick<Subscriber, '_id' | 'email' | 'status'>): Subscriber => ({
  consentText: 'Send me the newsletter. I can unsubscribe in one click.',
  consentBasis: 'form',
  consentedAt: '2026-11-20T10:00:00.000Z',
  attribution: {},
  createdAt: '2026-11-20T10:00:00.000Z',
  ...fields,
});

const ada = subscriber({ _id: 's1', email: 'ada@example.com', name: 'Ada Lovelace', status: 'active' });
const bob = subscriber({ _id: 's2', email: 'bob@example.com', status: 'pending', consentedAt: undefined });
const cy = subscriber({
  _id: 's3',
  email: 'cy@example.com',
  status: 'bounced',
  consentBasis: 'import: paper form at the fair, 2025',
});

const page = (subscribers: Subscriber[], total = subscribers.length): FakeReply => ({
  body: subscribers,
  headers: { 'x-total-count': String(total) },
});

function subscribersApi(routes: Record<string, FakeReply> = {}, me: object = admin) {
  return fakeApi({
    'GET /api/auth/me': { body: me },
    'GET /api/leads': page([]),
    'GET /api/comments': page([]),
    'GET /api/subscribers': page([ada, bob, cy]),
    ...routes,
  });
}

async function openSubscribers(url = '/admin/subscribers') {
  const view = renderAdmin(url);
  await screen.findByRole('heading', { level: 1, name: 'Subscribers' }, chunkWait);
  return view;
}

const listRequests = (requests: { method: string; url: string }[]) =>
  requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/subscribers')).map((r) => r.url);

const csvFile = (text = 'email\nnew@example.com\n') => new File([text], 'list.csv', { type: 'text/csv' });

describe('SubscribersPage', () => {
  it('lists each subscriber with status and consent basis in words, and filters and pages in the address', async () => {
    const user = userEvent.setup();
    const { requests } = subscribersApi({ 'GET /api/subscribers': page([ada, bob, cy], 60) });
    const { router } = await openSubscribers();
    const table = await screen.findByRole('table', { name: /Subscribers found: 60/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/ada@example\.comAda LovelaceActiveThe signup form, 20 Nov 2026/);
    expect(rows[1]).toHaveTextContent('Pending: not confirmed yet');
    expect(rows[2]).toHaveTextContent('Bounced: the address refuses mail');
    expect(rows[2]).toHaveTextContent('import: paper form at the fair, 2025');
    expect(screen.getByText('60 subscribers, newest first: 1–3 shown, page 1 of 3.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Subscriber pages' })).toHaveTextContent('Page 1 of 3');
    expect(listRequests(requests)).toEqual(['/api/subscribers?limit=25&offset=0']);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Active');
    await user.click(screen.getByRole('button', { name: 'Show subscribers' }));
    expect(router.state.location.search).toBe('?q=ada&status=active');
    await waitFor(() =>
      expect(listRequests(requests).at(-1)).toBe('/api/subscribers?status=active&q=ada&limit=25&offset=0'),
    );
    expect(screen.getByRole('link', { name: 'Export as CSV' })).toHaveAttribute(
      'href',
      '/api/subscribers/export.csv?status=active&q=ada',
    );
  });

  it('says a page past the last one in words, with a link to the last', async () => {
    subscribersApi({ 'GET /api/subscribers': page([], 60) });
    await openSubscribers('/admin/subscribers?status=active&page=9');
    expect(await screen.findByText(/Page 9 is past the last page, 3\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to page 3' })).toHaveAttribute(
      'href',
      '/admin/subscribers?status=active&page=3',
    );
    expect(screen.queryByText(/No subscriber/)).not.toBeInTheDocument();
  });

  it('says when there is nobody yet', async () => {
    subscribersApi({ 'GET /api/subscribers': page([]) });
    await openSubscribers();
    expect(await screen.findByText('No subscribers yet: they appear here once they sign up.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Subscriber pages' })).not.toBeInTheDocument();
  });

  it('says when no one matches the filters, and offers to clear them', async () => {
    subscribersApi({ 'GET /api/subscribers': page([]) });
    await openSubscribers('/admin/subscribers?q=nobody&status=bounced');
    expect(await screen.findByText('No subscriber matches these filters.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/admin/subscribers');
  });

  it('deletes only after a question, and says a failure in words', async () => {
    const user = userEvent.setup();
    let answer: FakeReply = 'network-error';
    const { requests } = subscribersApi({ 'DELETE /api/subscribers/s2': () => answer });
    await openSubscribers();
    const row = (await screen.findByRole('rowheader', { name: 'bob@example.com' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete bob@example.com' }));
    expect(within(row).getByRole('group', { name: 'Delete bob@example.com?' })).toHaveTextContent('cannot be undone');
    expect(within(row).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(row).getByRole('button', { name: 'Keep it' }));
    expect(within(row).getByRole('button', { name: 'Delete bob@example.com' })).toHaveFocus();
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Delete bob@example.com' }));
    await user.click(within(row).getByRole('button', { name: 'Delete for good' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      'Deleting failed. Could not reach the server. Check your connection and try again. Nothing was deleted.',
    );

    answer = { status: 204 };
    await user.click(within(row).getByRole('button', { name: 'Delete bob@example.com' }));
    await user.click(within(row).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText(/bob@example\.com was deleted/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Subscribers' })).toHaveFocus();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
  });

  it('imports a CSV file and shows what became of each row, consent basis included', async () => {
    const user = userEvent.setup();
    const report: SubscriberImportReport = {
      delimiter: ';',
      encoding: 'utf-8',
      active: 1,
      confirmationSent: 1,
      skipped: 1,
      refused: 1,
      rows: [
        {
          line: 2,
          email: 'ada@example.com',
          outcome: 'skipped',
          message: 'Already on the list (active): left as it is.',
        },
        { line: 3, email: 'new@example.com', outcome: 'active', message: 'Active, on the basis stated: fair.' },
        { line: 4, email: 'ask@example.com', outcome: 'confirmation-sent', message: 'Pending: a link is e-mailed.' },
        { line: 5, email: 'nope', outcome: 'refused', message: 'This is not an e-mail address.' },
      ],
    };
    const { requests } = subscribersApi({
      'POST /api/subscribers/import': { body: { ...report, dateOrder: 'day-first' } },
    });
    await openSubscribers();
    const importer = screen.getByRole('region', { name: 'Import from a CSV file' });
    expect(importer).toHaveTextContent(/basis is kept with the address/);
    await user.upload(within(importer).getByLabelText('CSV file'), csvFile());
    const dates = within(importer).getByRole('combobox', { name: 'Dates like 07/11/2026' });
    expect(dates).toHaveValue('');
    expect(dates).toHaveAccessibleDescription(/may mean 7 November or 11 July/);
    await user.selectOptions(dates, 'Day first: 7 November');
    await user.click(within(importer).getByRole('button', { name: 'Import' }));
    const table = await within(importer).findByRole('table', { name: /Each row of list\.csv/ });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'Line 2ada@example.comSkippedAlready on the list (active): left as it is.',
      'Line 3new@example.comImported: activeActive, on the basis stated: fair.',
      'Line 4ask@example.comImported: asked to confirmPending: a link is e-mailed.',
      'Line 5nopeNot importedThis is not an e-mail address.',
    ]);
    expect(importer).toHaveTextContent(
      'Read as semicolon-separated (;), in UTF-8. Dates like 07/11/2026 were read day first (7 November). ' +
        '1 address is active on the basis the file states, 1 address was asked to confirm by e-mail, 1 row was ' +
        'skipped and 1 row was not imported.',
    );
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/subscribers/import?dateOrder=day-first',
    ]);
    // The list is asked again: the imported addresses appear.
    await waitFor(() => expect(listRequests(requests)).toHaveLength(2));
  });

  it.each([
    ['network-error' as const, 'Could not reach the server.'],
    [errorReply(401, 'Sign in to do this.'), 'You were signed out, so the import failed. Sign in again'],
    [errorReply(403, 'Forbidden'), 'your role no longer includes the newsletter’s subscribers'],
    [errorReply(413, 'Request body is too large'), 'the file is larger than 5 MB. Split it'],
    [errorReply(415, 'Unsupported Media Type'), 'the server takes only CSV files'],
    [
      errorReply(400, 'The file needs a header line naming its columns, with at least "email".', [
        { path: '/', message: 'must start with a header line holding email' },
      ]),
      'The file needs a header line naming its columns, with at least "email". (must start with a header line',
    ],
  ])('says why an import failed (%#) and keeps the file chosen to try again', async (answer, words) => {
    const user = userEvent.setup();
    subscribersApi({ 'POST /api/subscribers/import': answer });
    await openSubscribers();
    const importer = screen.getByRole('region', { name: 'Import from a CSV file' });
    const input = within(importer).getByLabelText<HTMLInputElement>('CSV file');
    await user.upload(input, csvFile());
    const dates = within(importer).getByRole('combobox', { name: 'Dates like 07/11/2026' });
    await user.selectOptions(dates, 'Month first: 11 July');
    await user.click(within(importer).getByRole('button', { name: 'Import' }));
    const alert = await within(importer).findByRole('alert');
    expect(alert).toHaveTextContent(words);
    expect(alert).toHaveTextContent('The file and the date order are still chosen: press Import to try again.');
    // Signed out, the sign-in takes focus; otherwise the words of the refusal do.
    if (!words.startsWith('You were signed out')) expect(alert).toHaveFocus();
    expect(input.files?.[0]?.name).toBe('list.csv');
    expect(dates).toHaveValue('month-first');
  });

  it('asks for a file before sending anything', async () => {
    const user = userEvent.setup();
    const { requests } = subscribersApi();
    await openSubscribers();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV file first');
    expect(screen.getByLabelText('CSV file')).toHaveFocus();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('says a failed load in words', async () => {
    subscribersApi({ 'GET /api/subscribers': 'network-error' });
    await openSubscribers();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Loading the subscribers failed. Could not reach the server.',
    );
  });

  it('is hidden from an editor, whose role lacks audience, and says why when reached by its address', async () => {
    const { requests } = subscribersApi({}, { ...admin, role: 'editor' });
    renderAdmin('/admin/subscribers');
    expect(await screen.findByText(/does not include the newsletter’s subscribers/, {}, chunkWait)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Subscribers' })).not.toBeInTheDocument();
    expect(listRequests(requests)).toEqual([]);
  });

  it('shows the Subscribers entry to an administrator', async () => {
    subscribersApi({}, { ...admin, role: 'administrator' });
    await openSubscribers();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Subscribers' })).toHaveAttribute('aria-current', 'page');
  });
});
