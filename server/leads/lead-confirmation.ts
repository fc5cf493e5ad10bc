import type { LeadType } from '../../src/content/types.gen.ts';
import { checkFormToken, fastestPressMs, type FormIntake, issueFormToken, timeTrapOf } from '../forms/index.ts';
import { HttpError } from '../http/errors.ts';
import { setArrivalStatus } from './lead-store.ts';
import { awaitingConfirmation, noticeOrFlood } from './lead-intake.ts';

/**
 * A page without JavaScript cannot fetch a form token, and a prerendered page cannot hold one per visitor: such a
 * post is stored but held (as spam, notifying nobody), and answered with this page, which holds a token signed for
 * that lead. Pressing its button confirms the lead (docs/decisions/0012-form-tokens-without-javascript.md).
 */

const purpose = (id: string) => `confirm:${id}`;

export const confirmationToken = (intake: Pick<FormIntake, 'formKey'>, id: string, now: Date): string =>
  issueFormToken(intake.formKey, purpose(id), now);

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The page that asks to confirm a held lead: one button, working without JavaScript and without styles. */
export function confirmationPage(type: LeadType, id: string, token: string, again = false): string {
  const what = type === 'enquiry' ? 'enquiry' : 'application';
  const intro = again
    ? 'That was quicker than a person usually is: please press the button once more.'
    : `We received your ${what}. To keep our inbox free of spam without a puzzle, please confirm that you sent it.`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Confirm your ${what}</title></head><body><main><h1>One more step: confirm your ${what}</h1><p>${escapeHtml(intro)}</p><form method="post" action="/api/lead-confirmations"><input type="hidden" name="lead" value="${escapeHtml(id)}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Send my ${what}</button></form></main></body></html>`;
}

export interface ConfirmationOutcome {
  /** False when pressed too soon: the page is shown again with a new token. */
  confirmed: boolean;
  type: LeadType;
}

/**
 * Confirms a held lead with the token of its confirmation page: it becomes `new` and its notice is queued, in one
 * transaction. A token is good for its lead only and once (a confirmed lead is no longer held: pressing again changes
 * nothing). Refused with 400 in words when forged, stale or for a lead not held; `confirmed: false` when pressed too
 * soon, to be asked again.
 */
export async function confirmLead(
  intake: FormIntake,
  id: string,
  token: string | undefined,
): Promise<ConfirmationOutcome> {
  const now = intake.clock();
  // Pressing a button needs less time than filling in a form (a third of the time trap), but a program answers at once.
  const verdict = checkFormToken(intake.formKey, purpose(id), token, now, fastestPressMs(timeTrapOf(intake)));
  const refused = () =>
    new HttpError(
      400,
      'This confirmation is not valid any more (it is a day old, or was changed): please send the form again.',
      [{ path: '/token', message: 'must be the token of a confirmation page less than a day old' }],
    );
  if (verdict !== 'valid' && verdict !== 'too-fast') throw refused();
  const result = await intake.db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom('leads')
      .select(['type', 'status', 'spam_reason'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (lead === undefined) throw refused();
    const held = lead.status === 'spam' && lead.spam_reason === awaitingConfirmation;
    if (!held || verdict === 'too-fast') return { confirmed: !held, type: lead.type, notified: false };
    await setArrivalStatus(trx, id, 'new', null, now.toISOString());
    return { confirmed: true, type: lead.type, notified: await noticeOrFlood(trx, intake, id, now) };
  });
  if (result.notified) intake.mail?.wake();
  return { confirmed: result.confirmed, type: result.type };
}
