// The rest of the server reaches signing in, sessions, two-factor sign-in, passwords and the API guard only through this file (eslint.import-rules.js).
export { loadAuthKeys } from './auth-keys.ts';
export { authRoutes } from './auth-routes.ts';
export { completeSignIn } from './complete-sign-in.ts';
export { ensureFirstAdmin } from './first-admin.ts';
export { isSameOrigin, registerApiGuard, requiredAccess, signInRequired, signedInAdmin } from './guard.ts';
export type { RouteAccess } from './guard.ts';
export { queuedHashPassword } from './log-in.ts';
export type { AuthSettings } from './log-in.ts';
export { createPasswordQueue } from './password-queue.ts';
export { passwordProblem, productionScryptCost, testScryptCost } from './password.ts';
export { requirePermission } from './permissions.ts';
export type { SignedInUser } from './sessions.ts';
export { deleteSignInLinksRequestedBefore } from './sign-in-link-store.ts';
export { signInLinkWindowMs } from './sign-in-link.ts';
export { timeStep, totpCode } from './totp.ts';
export { emailKey, findUserByEmail, findUserById, freeAuthorSlug, insertUser, listTeam } from './users.ts';
export type { User } from './users.ts';
