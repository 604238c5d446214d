import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

const MAIL_DIR = join(import.meta.dirname, '..', '.tmp', 'mails');

export type DeliveredMail = { to: string; subject: string; text: string; html: string };

function delivered(): DeliveredMail[] {
  if (!existsSync(MAIL_DIR)) return [];
  return readdirSync(MAIL_DIR)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(MAIL_DIR, file), 'utf8')) as DeliveredMail);
}

/** Waits for the newest mail to `to` whose subject matches, as the SMTP server beside the app received it. */
export async function waitForMail(to: string, subject: RegExp): Promise<DeliveredMail> {
  let found: DeliveredMail | undefined;
  await expect
    .poll(
      () => {
        found = delivered()
          .filter((mail) => mail.to.includes(to) && subject.test(mail.subject))
          .at(-1);
        return Boolean(found);
      },
      { timeout: 15_000, message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that goes to `path` (on any host), as a path for page.goto. */
export function linkTo(mail: DeliveredMail, path: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${path.replace(/[?]/g, '\\?')}[^\\s]*)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in "${mail.subject}"`);
  return match[1]!;
}
