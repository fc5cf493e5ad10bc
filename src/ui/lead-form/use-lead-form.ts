import { useContext, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/api/api-client.ts';
import { getFormToken } from '@/api/leads/get-form-token.ts';
import { fieldMessage } from '@/domain/lead-field-messages.ts';
import { formFieldsToInput } from '@/domain/lead-form-fields.ts';
import { fieldName, formProblemsId, type LeadFieldError, type LeadFormState } from '@/domain/lead-form-state.ts';
import { LeadFormStateContext } from '../lead-form-state-context.ts';
import { visitAttribution } from './visit-attribution.ts';

export type LeadFormStatus = 'editing' | 'sending' | 'sent';

export interface LeadFormSubmission {
  /** The text fields as the API's input, with the visit's attribution and the form token. */
  input: Record<string, unknown>;
  form: HTMLFormElement;
}

export interface LeadFormBehaviour {
  /** The lead form, or a post's comment form (which sends no attribution). */
  form: LeadFormState['form'];
  /** Problems the browser finds before sending: the schema's, and any the form adds (the CV's size). */
  check(submission: LeadFormSubmission): Promise<LeadFieldError[]>;
  send(submission: LeadFormSubmission): Promise<unknown>;
}

/**
 * A lead form's state: what the server rendered after a refused post without JavaScript, the time trap's token,
 * checking with the schema's rules, sending without a reload, the problems beside their fields and focus on the
 * first of them.
 */
export function useLeadForm(behaviour: LeadFormBehaviour) {
  const served = useContext(LeadFormStateContext);
  const state = served?.form === behaviour.form ? served : null;
  const id = useId();
  // The form and its panel as the last submit found them: ids cannot find them, as the browser's runtime may name
  // elements otherwise than the server did.
  const submitted = useRef<{ form: HTMLFormElement; panel: HTMLElement | null } | null>(null);
  const [status, setStatus] = useState<LeadFormStatus>('editing');
  const [token, setToken] = useState('');
  const tokenRequest = useRef<Promise<string> | null>(null);
  /** When the token arrived (it was issued before that): the time trap counts from its issue. */
  const tokenArrivedAt = useRef(0);
  /** The time trap, as the token's answer says it. */
  const minimumWaitMs = useRef(0);
  const [problems, setProblems] = useState<LeadFieldError[]>(state?.errors ?? []);
  const [summary, setSummary] = useState(state?.message ?? '');
  const [focusAfterRender, setFocusAfterRender] = useState(0);
  /** The last request to move focus that was carried out: focus moves once per send, never as a field is corrected. */
  const focusMoved = useRef(0);

  // Asked for when someone starts on the form, not when the page loads: a page view costs the API nothing, and the
  // time trap counts from the moment a person begins.
  function requestToken(): Promise<string> {
    tokenRequest.current ??= getFormToken(behaviour.form).then(
      (received) => {
        tokenArrivedAt.current = Date.now();
        minimumWaitMs.current = received.minimumWaitMs;
        setToken(received.token);
        return received.token;
      },
      () => '',
    );
    return tokenRequest.current;
  }

  useEffect(() => {
    const last = submitted.current;
    // A field corrected after a refusal changes the problems, which is no reason to take the person elsewhere.
    if (focusAfterRender === focusMoved.current || last === null) return;
    focusMoved.current = focusAfterRender;
    if (status === 'sent') {
      last.panel?.querySelector<HTMLElement>('[role="status"]')?.focus();
      return;
    }
    const names = new Set(problems.map((problem) => fieldName(problem.path)));
    const fields = [...last.form.elements] as HTMLInputElement[];
    const first = fields.find((field) => names.has(field.name) && field.type !== 'hidden');
    (first ?? last.form.querySelector<HTMLElement>('[role="alert"]'))?.focus();
  }, [focusAfterRender, problems, status]);

  const errorFor = (name: string): string | undefined => {
    const problem = problems.find((candidate) => fieldName(candidate.path) === name);
    return problem && fieldMessage(problem.path, problem.message, behaviour.form);
  };

  function refuse(found: LeadFieldError[], message: string) {
    setProblems(found);
    setSummary(message);
    setStatus('editing');
    setFocusAfterRender((count) => count + 1);
  }

  /** The form's text fields as the API's input. */
  function inputOf(form: HTMLFormElement): Record<string, unknown> {
    const fields = [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    return formFieldsToInput(fields).input;
  }

  /**
   * A field with a problem is checked again as it changes: its problem goes once it is corrected (or changes to the
   * one that remains); the others stay until the next send. A problem only the server finds goes with the change.
   */
  async function onChange(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    if (!name || !problems.some((problem) => fieldName(problem.path) === name)) return;
    const form = event.currentTarget;
    const found = await behaviour.check({ input: inputOf(form), form });
    const ofField = (problem: LeadFieldError) => fieldName(problem.path) === name;
    const next = [...problems.filter((problem) => !ofField(problem)), ...found.filter(ofField)];
    setProblems(next);
    if (next.length === 0) setSummary('');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const form = event.currentTarget;
    submitted.current = { form, panel: form.parentElement };
    const input = inputOf(form);
    const attribution = behaviour.form === 'comment' ? undefined : visitAttribution();
    if (attribution) input.attribution = attribution;
    const formToken = token || (await requestToken());
    if (formToken) input.formToken = formToken;
    const submission = { input, form };
    const found = await behaviour.check(submission);
    if (found.length > 0) return refuse(found, 'Some fields need your attention: see each one below.');
    setStatus('sending');
    setSummary('');
    try {
      // A person quicker than the time trap (one field, or typed before the script started and the token was asked
      // for) waits out the rest of it here, rather than be kept as spam and never hear back.
      const early = formToken ? minimumWaitMs.current - (Date.now() - tokenArrivedAt.current) : 0;
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      await behaviour.send(submission);
      // A token is good for one post: the next form asks for a new one.
      tokenRequest.current = null;
      setToken('');
      setProblems([]);
      setStatus('sent');
      setFocusAfterRender((count) => count + 1);
    } catch (error) {
      const details = isApiError(error) ? error.details : [];
      const message = error instanceof Error ? error.message : 'The form could not be sent. Please try again.';
      refuse(details, message);
    }
  }

  return {
    id,
    status,
    token,
    values: state?.values ?? {},
    summary,
    /** The id of the summary of problems, where a refused form sent without JavaScript comes back to. */
    problemsId: formProblemsId(behaviour.form),
    /** Sets the form going again after a sent one, for another comment. */
    reset: () => setStatus('editing'),
    errorFor,
    /** The id of a field's problem, for its aria-describedby. */
    errorId: (name: string) => `${id}-${name.replace(/\W/g, '-')}-error`,
    fieldId: (name: string) => `${id}-${name.replace(/\W/g, '-')}`,
    onSubmit,
    onChange: (event: FormEvent<HTMLFormElement>) => void onChange(event),
    onFocus: () => void requestToken(),
  };
}

export type LeadForm = ReturnType<typeof useLeadForm>;
