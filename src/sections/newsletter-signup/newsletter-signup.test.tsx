import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '@/api/testing/fake-api.ts';
import { site } from '@/content/site.ts';
import { fastestHumanMs } from '@/domain/form-timing.ts';
import { NewsletterSignup } from './newsletter-signup.tsx';
import { MemoryRouter } from '@/ui/site-router/memory-router.tsx';

beforeAll(() => import('@/content/subscriber-input-validator.gen.js'));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const posts = (requests: FakeRequest[]) => requests.filter((request) => request.method === 'POST');

describe('a form sent sooner than the time trap', () => {
  it('waits out the rest of it before sending, so that a quick person is not taken for a program', async () => {
    // The token arrives when the test says: just before the click, as for a person who typed before the script started.
    let giveToken = () => {};
    const tokenGiven = new Promise<void>((resolve) => (giveToken = resolve));
    const { requests } = fakeApi({
      'GET /api/form-token': () => tokenGiven.then(() => ({ body: { token: 'signed' } })),
      'POST /api/subscribers': { status: 202, body: {} },
    });
    render(
      <MemoryRouter url="/blog">
        <NewsletterSignup section={{ type: 'newsletter-signup', heading: 'Get the next post' }} site={site} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail/), 'quick@example.com');
    await user.click(screen.getByRole('checkbox'));
    giveToken();
    await waitFor(() => expect(document.querySelector('input[name=formToken]')).toHaveValue('signed'));
    // From here the clock is the test's, set to no earlier than the token's arrival: sent at once, the form must wait
    // for nearly all of the time trap (less only the few milliseconds the token took to be seen here).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-disabled', 'true');
    expect(posts(requests)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(fastestHumanMs - 1000));
    expect(posts(requests)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(posts(requests)).toHaveLength(1);
    expect(posts(requests)[0]!.body).toMatchObject({ email: 'quick@example.com', formToken: 'signed' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText(/a confirmation link is on its way/)).toBeInTheDocument();
  });
});
