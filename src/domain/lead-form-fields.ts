/** The field of a form that is not part of the input: the page the form is on, to show it again with problems. */
export const returnToField = 'returnTo';

const pagePath = /^\/[a-z0-9/-]{0,200}$/;

/**
 * A form's text fields as the API's input: empty optional fields left out (a plain form sends every field),
 * the consent box true when ticked, `attribution.x` nested; what remains is checked by the same schema as JSON.
 */
export function formFieldsToInput(fields: Iterable<[string, string]>): {
  input: Record<string, unknown>;
  values: Record<string, string>;
  returnTo: string | undefined;
} {
  const input: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  const attribution: Record<string, string> = {};
  let returnTo: string | undefined;
  for (const [name, value] of fields) {
    if (name === returnToField) {
      if (pagePath.test(value)) returnTo = value;
      continue;
    }
    values[name] = value;
    if (name === 'consent') input.consent = true;
    else if (value === '') continue;
    else if (name.startsWith('attribution.')) attribution[name.slice('attribution.'.length)] = value;
    else input[name] = value;
  }
  if (Object.keys(attribution).length > 0) input.attribution = attribution;
  return { input, values, returnTo };
}

/** Without JavaScript the landing page is the page the form was sent from (its Referer), on this site only. */
export function refererPath(referer: string | undefined, host: string): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.host === new URL(`${url.protocol}//${host}`).host
      ? `${url.pathname}${url.search}`.slice(0, 2000)
      : undefined;
  } catch {
    return undefined;
  }
}
