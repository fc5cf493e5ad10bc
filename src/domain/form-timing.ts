/**
 * A form sent sooner than this after its token was issued was filled in by a program, not a person (the time trap,
 * server/forms/form-token.ts). The browser waits out what is left of it before sending, so that a person who types
 * fast, or before the page's script has started, is never taken for a program.
 */
export const fastestHumanMs = 3_000;
