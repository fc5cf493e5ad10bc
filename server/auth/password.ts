import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** log2 of scrypt's N: 2^17 with r = 8 uses 128 MiB and about 0.1–0.3 s per hash here. */
export const productionScryptCost = 17;
/** Only for tests, which would otherwise spend most of their time hashing. */
export const testScryptCost = 10;

const blockSize = 8;
const parallelization = 1;
const keyLength = 64;
const saltLength = 16;

export const passwordLength = { min: 12, max: 128 } as const;

/** A message for the person choosing the password, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < passwordLength.min) return `The password must have at least ${passwordLength.min} characters.`;
  if (length > passwordLength.max) return `The password must have at most ${passwordLength.max} characters.`;
  return null;
}

function derive(password: string, salt: Buffer, cost: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** cost;
  // Node refuses more than 32 MiB by default; scrypt needs 128 * N * r bytes.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r + 2 ** 20 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<key>`, base64url; the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, cost, blockSize, parallelization);
  return ['scrypt', cost, blockSize, parallelization, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export interface Verification {
  valid: boolean;
  /** The hash was made with other parameters than `cost` asks for now. */
  needsRehash: boolean;
}

export async function verifyPassword(password: string, encoded: string, cost: number): Promise<Verification> {
  const [scheme, storedCost, r, p, salt, key] = encoded.split('$');
  if (scheme !== 'scrypt' || !storedCost || !r || !p || !salt || !key) return { valid: false, needsRehash: true };
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(storedCost), Number(r), Number(p));
  const valid = actual.length === expected.length && timingSafeEqual(actual, expected);
  const needsRehash = Number(storedCost) !== cost || Number(r) !== blockSize || Number(p) !== parallelization;
  return { valid, needsRehash };
}
