import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP/ASVS parameters (m = 19 MiB, t = 2, p = 1); runs off the event loop. */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which erasable TypeScript cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// The hash of a random password nobody knows, made once; checking against it equalises timing.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check, so response times do not reveal unknown accounts.
    dummyHash ??= hashPassword(randomBytes(32).toString('base64'));
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
