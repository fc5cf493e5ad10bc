// The rest of the server reaches the newsletter and its subscribers only through this file (eslint.import-rules.js).
export { emailImageRoutes } from './email-images.ts';
export { newsletterPageRoutes } from './newsletter-page-routes.ts';
export { newsletterSendRoutes } from './newsletter-send-routes.ts';
export type { NewsletterSending } from './newsletter-sends.ts';
export { startNewsletterSending } from './newsletter-start.ts';
export { subscriberAdminRoutes } from './subscriber-admin-routes.ts';
export { newsletterDataOfEmail } from './subscriber-records.ts';
export { defaultSignupMailCaps } from './signup-mail-caps.ts';
export type { SignupMailCaps } from './signup-mail-caps.ts';
export { subscriberRoutes } from './subscriber-routes.ts';
export {
  deleteOrphanedNewsletterMail,
  deleteSubscriberOfEmail,
  deleteUnconfirmedSubscribers,
} from './subscriber-erasure.ts';
export { pruneSignupMails } from './signup-mail-caps.ts';
export { unsubscribeToken } from './subscriber-tokens.ts';
export type { NewsletterContext } from './subscriptions.ts';
