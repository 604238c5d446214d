import { randomBytes } from 'node:crypto';
import { installationSecret } from '../auth/auth.service.ts';
import type { DbContext } from '../../types.ts';
import { secretKeyFrom } from '../../lib/secret-box.ts';

/**
 * Mailbox passwords at rest (docs/adr/0025) are sealed with `lib/secret-box.ts` (AES-256-GCM). The key is derived
 * from MAIL_INBOX_KEY, or from a secret made on first start and kept in the database (`installationSecret`).
 */
export async function mailboxKey(ctx: DbContext, configured: string | null): Promise<Buffer> {
  const secret =
    configured ?? (await installationSecret(ctx, 'mail-inbox', () => randomBytes(32).toString('base64url')));
  return secretKeyFrom(secret);
}
