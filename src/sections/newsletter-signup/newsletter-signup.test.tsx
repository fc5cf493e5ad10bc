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

const posts = (requests: FakeRequest[]) => () => requests.filter((request) => request.method === 'POST');

/**
 * Types a signup, gives the form its token (answered with `minimumWaitMs`) just before the click, as for a person who
 * typed before the script started, and sends at once on the test's clock, set to no earlier than the token's arrival:
 * the form must wait for nearly all of the time trap (less only the few milliseconds the token took to be seen here).
 */
async function sendAsSoonAsTheTokenArrives(minimumWaitMs: number) {
  let giveToken = () => {};
  const tokenGiven = new Promise<void>((resolve) => (giveToken = resolve));
  const { requests } = fakeApi({
    'GET /api/form-token': () => tokenGiven.then(() => ({ body: { token: 'signed', minimumWaitMs } })),
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
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(screen.getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-disabled', 'true');
  return posts(requests);
}

describe('a form sent sooner than the time trap', () => {
  it('waits out the rest of it before sending, so that a quick person is not taken for a program', async () => {
    const sent = await sendAsSoonAsTheTokenArrives(fastestHumanMs);
    expect(sent()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(fastestHumanMs - 1000));
    expect(sent()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.body).toMatchObject({ email: 'quick@example.com', formToken: 'signed' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText(/a confirmation link is on its way/)).toBeInTheDocument();
  });

  it("waits as long as the token's answer says, not production's 3 s, when the server's time trap is shorter", async () => {
    const sent = await sendAsSoonAsTheTokenArrives(400);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(sent()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(sent()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText(/a confirmation link is on its way/)).toBeInTheDocument();
  });
});

describe('the consent box, by keyboard', () => {
  it('after its error, ticking it keeps focus on it, and Enter on Subscribe then sends', async () => {
    const { requests } = fakeApi({
      'GET /api/form-token': { body: { token: 'signed', minimumWaitMs: 0 } },
      'POST /api/subscribers': { status: 202, body: {} },
    });
    render(
      <MemoryRouter url="/blog">
        <NewsletterSignup section={{ type: 'newsletter-signup', heading: 'Get the next post' }} site={site} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/E-mail/));
    await user.keyboard('reader@example.com');
    // Past the name and the box, to the button, and Enter: the box was not ticked.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const box = screen.getByRole('checkbox');
    await waitFor(() => expect(box).toHaveFocus());
    const problem = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(problem).toHaveTextContent('Tick the box to agree to receive the newsletter.');

    await user.keyboard(' ');
    expect(box).toBeChecked();
    await waitFor(() => expect(box).not.toHaveAttribute('aria-invalid'));
    // Focus stays where the person is: not on the emptied summary above the form.
    expect(box).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(posts(requests)()).toHaveLength(1));
    expect(posts(requests)()[0]!.body).toMatchObject({ email: 'reader@example.com', consent: true });
  });
});
