/**
 * A form sent sooner than this after its token was issued was filled in by a program, not a person (the time trap,
 * server/forms/form-token.ts). The browser waits out what is left of it before sending, so that a person who types
 * fast, or before the page's script has started, is never taken for a program. Production's value: the server's
 * FORM_TIME_TRAP_MS setting changes it (the browser tests shorten it), and the token's answer tells the browser.
 */
export const fastestHumanMs = 3_000;

/**
 * Pressing the one button of a held post's page (a form sent without JavaScript) takes less time than filling in a
 * form, but a program answers in no time at all: a third of the form's time trap, one second in production.
 */
export const fastestPressMs = (timeTrapMs: number): number => Math.round(timeTrapMs / 3);
