import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (docs/adr/0025, 0033): AES-256-GCM with a fresh 12-byte IV per value, stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. A tampered value or a wrong key fails to decrypt instead of giving
 * garbage. Mailbox passwords (features/mail-inbox) and third-party credentials (features/thirdparty) use it.
 */

/** The 32-byte key of a configured secret (any length of text): its SHA-256. */
export const secretKeyFrom = (secret: string): Buffer => createHash('sha256').update(secret).digest();

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(
    '.',
  );
}

export function openSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || sealed === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}
