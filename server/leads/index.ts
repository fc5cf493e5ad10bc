// The rest of the server reaches enquiries, applications and the Inbox only through this file (eslint.import-rules.js).
export { attachmentDisposition } from './attachment-name.ts';
export { answerRefusedForm, noFormPages, refusedFormAt, refusedFormParameter } from './form-refusal.ts';
export type { FormPages } from './form-refusal.ts';
export { acceptPlainForms, leadFormRoutes } from './lead-form-routes.ts';
export type { LeadFormOptions } from './lead-form-routes.ts';
export { singleLine } from '../../src/domain/single-line.ts';
export { strictEmail } from './lead-intake.ts';
export { deleteLeads, leadIdsBefore, leadRowsOfEmail } from './lead-queries.ts';
export type { Removed } from './lead-queries.ts';
export { leadRoutes } from './lead-routes.ts';
export { attributionColumns, emailKey, insertLead, readLead, readLeadCv, toLeadRecords } from './lead-store.ts';
export type { LeadRow } from './lead-store.ts';
