import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/content/types.gen.ts';
import { consentVersion } from '../../src/domain/consent-version.ts';
import { readRepositorySite } from '../forms/index.ts';
import { enquiry, formToken, postEnquiry } from '../test-support/leads.ts';
import { asAdmin, createTestApp, sameOrigin, signIn, type TestApp } from '../test-support/test-app.ts';

let testApp: TestApp;
let owner: string;
const site = readRepositorySite();

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signIn(testApp.app);
});
afterAll(() => testApp.close());

const leadCount = async () =>
  Number((await testApp.app.inject(asAdmin(owner, { method: 'GET', url: '/api/leads' }))).headers['x-total-count']);

describe('the consent version a form carries', () => {
  it('records the words of that version with the lead', async () => {
    const { app, clock } = testApp;
    const response = await app.inject(
      postEnquiry(
        enquiry({
          consentVersion: consentVersion(site.forms.enquiry.consentText),
          formToken: await formToken(app, clock),
        }),
      ),
    );
    expect(response.statusCode).toBe(201);
    const lead = await app.inject(
      asAdmin(owner, { method: 'GET', url: `/api/leads/${response.json<{ _id: string }>()._id}` }),
    );
    expect(lead.json<{ consentText: string }>().consentText).toBe(site.forms.enquiry.consentText);
  });

  it('refuses a version no page served here showed, at the consent box, and stores nothing', async () => {
    const { app, clock } = testApp;
    const count = await leadCount();
    const response = await app.inject(
      postEnquiry(enquiry({ consentVersion: 'x0', formToken: await formToken(app, clock) })),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().details).toEqual([
      { path: '/consent', message: expect.stringContaining('reload the page to read the new ones') },
    ]);
    expect(await leadCount()).toBe(count);

    const signup = await app.inject({
      method: 'POST',
      url: '/api/subscribers',
      headers: { ...sameOrigin, accept: 'application/json' },
      payload: { email: 'reader@example.com', consent: true, consentVersion: 'x0', formToken: 'none' },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json<ApiError>().details.map((detail) => detail.path)).toEqual(['/consent']);
  });
});
