import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import type * as LanguageDe from '@zxcvbn-ts/language-de';
import type * as LanguageEn from '@zxcvbn-ts/language-en';
import { invalidField } from './errors.ts';

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

/**
 * zxcvbn scores 0–4 by how many guesses a password needs; below this it falls to an online guessing attack
 * with common passwords, words, names, dates, keyboard runs and repeats (`password`, `Password1`, `12345678`).
 */
export const MIN_PASSWORD_SCORE = 2;

let estimator: ZxcvbnFactory | null = null;

const require = createRequire(import.meta.url);

/**
 * The strength estimator with the common, English and German dictionaries, loaded and built on first use: the
 * dictionaries take about 40 MB that only a password change needs (bench/README.md, "Memory").
 */
function strengthEstimator(): ZxcvbnFactory {
  if (estimator) return estimator;
  const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as typeof ZxcvbnCore;
  const common = require('@zxcvbn-ts/language-common') as typeof LanguageCommon;
  const de = require('@zxcvbn-ts/language-de') as typeof LanguageDe;
  const en = require('@zxcvbn-ts/language-en') as typeof LanguageEn;
  estimator = new Factory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...de.dictionary },
  });
  return estimator;
}

/** Whether a password is too easy to guess; `userInputs` (e-mail, names) count as known words. */
export function isWeakPassword(password: string, userInputs: ReadonlyArray<string | null | undefined> = []): boolean {
  const words = userInputs.flatMap((input) => (input ? input.toLowerCase().split(/[^\p{L}\p{N}]+/u) : []));
  return (
    strengthEstimator().check(
      password,
      words.filter((word) => word.length >= 3),
    ).score < MIN_PASSWORD_SCORE
  );
}

/** Refuses a weak password with `error.weakPassword` on `field` (registration, reset, invitation, user forms). */
export function assertStrongPassword(
  password: string,
  userInputs: ReadonlyArray<string | null | undefined> = [],
  field = 'password',
): void {
  if (isWeakPassword(password, userInputs)) throw invalidField(field, 'error.weakPassword');
}
