// The rest of the server reaches the intake every public form shares: tokens, spam checks, limits and refused posts only through this file (eslint.import-rules.js).
export { addressOf, formBodyLimit, htmlOrError, noStore, sendRefusalPage, wantsPage } from './form-answers.ts';
export { checkFormSpam, isUniqueViolation, refuseProblems, timeTrapOf, tokenUsedBefore } from './form-intake.ts';
export type { FormArrival, FormIntake, SpamVerdict } from './form-intake.ts';
export { countFormPost, pruneFormPosts, refuseOverLimit } from './form-limits.ts';
export { checkFormToken, fastestPressMs, issueFormToken } from './form-token.ts';
export { consentChanged, liveLeadFacts, readLeadFacts, readRepositorySite } from './lead-facts.ts';
export type { LeadFacts } from './lead-facts.ts';
export { deleteRefusedFormsOfEmail, findRefusedForm, insertRefusedForm, pruneRefusedForms } from './refused-forms.ts';
