import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi } from '@/api/testing/fake-api.ts';
import { site } from '@/content/site.ts';
import { consentVersion } from '@/domain/consent-version.ts';
import type { EnquiryFormSection } from '@/content/types.gen.ts';
import { LeadFormStateContext } from '@/ui/lead-form-state-context.ts';
import type { LeadFormState } from '@/domain/lead-form-state.ts';
import { EnquiryForm } from './enquiry-form.tsx';
import { MemoryRouter } from '@/ui/site-router/memory-router.tsx';

const section: EnquiryFormSection = { type: 'enquiry-form', heading: 'Tell us about it', service: 'seo' };

function renderForm(state: LeadFormState | null = null) {
  return render(
    <MemoryRouter url="/seo">
      <LeadFormStateContext value={state}>
        <EnquiryForm section={section} site={site} />
      </LeadFormStateContext>
    </MemoryRouter>,
  );
}

// The time trap's wait before sending has its own tests (src/sections/newsletter-signup/newsletter-signup.test.tsx):
// here the token's answer says there is none.

// The form loads its validator when first sent; loading it here keeps that first load (a module transformed on a busy
// machine, seconds) out of the waits below.
beforeAll(() => import('@/content/enquiry-input-validator.gen.js'));

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const describedBy = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '');

describe('the enquiry form', () => {
  it('checks with the schema before sending: problems beside their fields, focus on the first, nothing sent', async () => {
    const { requests } = fakeApi({ 'GET /api/form-token': { body: { token: 't', minimumWaitMs: 0 } } });
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    const name = screen.getByLabelText(/Your name/);
    await waitFor(() => expect(name).toHaveFocus());
    expect(describedBy(name)).toHaveTextContent('Please fill this in.');
    expect(describedBy(screen.getByLabelText(/E-mail/))).toHaveTextContent('Enter an e-mail address');
    expect(describedBy(screen.getByRole('checkbox'))).toHaveTextContent('Tick this box');
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('not-an-address');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('asks for its token only when someone starts on the form, so a page view costs the API nothing', async () => {
    const { requests } = fakeApi({ 'GET /api/form-token': { body: { token: 'signed', minimumWaitMs: 0 } } });
    renderForm();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    await userEvent.setup().click(screen.getByLabelText(/Your name/));
    await waitFor(() => expect(requests.map((request) => request.url)).toEqual(['/api/form-token?form=enquiry']));
  });

  it('sends what was typed with the token and the visit, and says it arrived', async () => {
    sessionStorage.setItem('northbeam.visit', JSON.stringify({ landingPage: '/seo?utm_source=x', utmSource: 'x' }));
    const { requests } = fakeApi({
      'GET /api/form-token': { body: { token: 'signed', minimumWaitMs: 0 } },
      'POST /api/enquiries': { status: 201, body: { _id: 'lead-1' } },
    });
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Your name/), 'Priya');
    await waitFor(() => expect(document.querySelector('input[name=formToken]')).toHaveValue('signed'));
    await user.type(screen.getByLabelText(/E-mail/), 'priya@example.com');
    await user.type(screen.getByLabelText(/How can we help/), 'We need a new website.');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('your message reached us');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Priya',
      email: 'priya@example.com',
      service: 'seo',
      message: 'We need a new website.',
      consent: true,
      // The version of the words the page shows: the server records those words.
      consentVersion: consentVersion(site.forms.enquiry.consentText),
      formToken: 'signed',
      attribution: { landingPage: '/seo?utm_source=x', utmSource: 'x' },
    });
  });

  it('shows the server’s refusal beside the field it names, keeping what was typed', async () => {
    fakeApi({
      'GET /api/form-token': { body: { token: 'signed', minimumWaitMs: 0 } },
      'POST /api/enquiries': errorReply(400, 'Some fields need your attention: see each one below.', [
        { path: '/budget', message: 'must be one of the budget ranges offered' },
      ]),
    });
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Your name/), 'Priya');
    await user.type(screen.getByLabelText(/E-mail/), 'priya@example.com');
    await user.type(screen.getByLabelText(/How can we help/), 'We need a new website.');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    const budget = screen.getByLabelText(/Budget/);
    await waitFor(() => expect(budget).toHaveFocus());
    expect(describedBy(budget)).toHaveTextContent('Must be one of the budget ranges offered.');
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need your attention');
    expect(screen.getByLabelText(/Your name/)).toHaveValue('Priya');
  });

  it('renders a refused post sent without JavaScript with its values and problems', () => {
    fakeApi({ 'GET /api/form-token': { body: { token: 'signed', minimumWaitMs: 0 } } });
    renderForm({
      form: 'enquiry',
      values: { name: 'Priya', email: 'nope', message: 'Hello there, a website please', consent: 'yes' },
      errors: [{ path: '/email', message: 'must match format "email"' }],
      message: 'Some fields need your attention: see each one below.',
    });
    expect(screen.getByLabelText(/Your name/)).toHaveValue('Priya');
    expect(screen.getByRole('checkbox')).toBeChecked();
    expect(describedBy(screen.getByLabelText(/E-mail/))).toHaveTextContent('Enter an e-mail address');
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need your attention');
    expect(document.querySelector('input[name=returnTo]')).toHaveValue('/seo');
  });
});
