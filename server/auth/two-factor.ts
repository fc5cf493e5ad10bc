import { createHash, randomBytes } from 'node:crypto';
import { HttpError } from '../http/errors.ts';
import {
  claimRecoveryCode,
  claimTimeStep,
  savePendingSecret,
  turnOffTwoFactor,
  turnOnTwoFactor,
} from './two-factor-store.ts';
import { findUserById, type User } from './users.ts';
import type { AuthSettings } from './log-in.ts';
import { open, seal } from './secret-box.ts';
import type { SignedInUser } from './sessions.ts';
import { matchingStep, newTotpSecret, otpauthUri } from './totp.ts';

export const recoveryCodeCount = 10;

export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

/** Ten letters and digits in two groups (50 bits), easy to type from paper: "k7qm2-x9fzr". */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const characters = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('base64url');
}

function wrongCode(): HttpError {
  return new HttpError(400, 'The code is not right. Enter the current six-digit code from your authenticator app.', [
    { path: '/code', message: 'is not the current code' },
  ]);
}

async function currentUser(auth: AuthSettings, userId: string): Promise<User> {
  const user = await findUserById(auth.db, userId);
  if (!user) throw new HttpError(401, 'Sign in to do this.');
  return user;
}

export function isTwoFactorOn(user: User): boolean {
  return user.totp_secret !== null;
}

/** A new secret, kept pending until a code from it confirms that the app holds it. */
export async function setUpTwoFactor(auth: AuthSettings, user: User, issuer: string): Promise<TwoFactorSetup> {
  if (isTwoFactorOn(user)) {
    throw new HttpError(409, 'Two-factor sign-in is already on. Turn it off first to set up another app.');
  }
  const secret = newTotpSecret();
  await savePendingSecret(auth.db, user.id, seal(auth.keys.encryption, secret));
  const uri = otpauthUri(secret, user.email, issuer);
  // Loaded on first use: only setting up two-factor sign-in draws QR codes, so starting the server need not load it.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri: uri, qrSvg };
}

/** Confirms the pending secret with a code; returns the recovery codes, shown this once. Ends other sessions. */
export async function enableTwoFactor(auth: AuthSettings, signedIn: SignedInUser, code: string): Promise<string[]> {
  const user = await currentUser(auth, signedIn.id);
  if (isTwoFactorOn(user)) throw new HttpError(409, 'Two-factor sign-in is already on.');
  if (user.totp_pending_secret === null) {
    throw new HttpError(409, 'Set up two-factor sign-in first: scan the QR code, then enter a code from the app.');
  }
  const step = matchingStep(open(auth.keys.encryption, user.totp_pending_secret), code.trim(), auth.clock());
  if (step === null) throw wrongCode();
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await turnOnTwoFactor(auth.db, {
    userId: user.id,
    sealedSecret: user.totp_pending_secret,
    step,
    codeHashes: codes.map(hashRecoveryCode),
    keptSessionId: signedIn.sessionId,
  });
  return codes;
}

/**
 * True when the code is the user's current TOTP code, not used before, or one of their unused recovery codes
 * (which is then used up).
 */
export async function acceptSecondFactor(auth: AuthSettings, user: User, code: string): Promise<boolean> {
  if (user.totp_secret === null) return false;
  const given = code.trim();
  const step = matchingStep(open(auth.keys.encryption, user.totp_secret), given, auth.clock());
  if (step !== null) return claimTimeStep(auth.db, user.id, step);
  if (/^\d+$/.test(given)) return false;
  return claimRecoveryCode(auth.db, user.id, hashRecoveryCode(given));
}

/** Turns two-factor sign-in off for a user whose password the caller has confirmed, with a code. */
export async function disableTwoFactor(auth: AuthSettings, signedIn: SignedInUser, code: string): Promise<void> {
  const user = await currentUser(auth, signedIn.id);
  if (!isTwoFactorOn(user)) throw new HttpError(409, 'Two-factor sign-in is already off.');
  if (!(await acceptSecondFactor(auth, user, code))) throw wrongCode();
  await turnOffTwoFactor(auth.db, user.id, signedIn.sessionId);
}
