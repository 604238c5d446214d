import type { FetchMessageObject, ImapFlow, ImapFlowOptions, ListResponse, MessageStructureObject } from 'imapflow';
import type { MailAddress, MailFolder, MailMessageSummary } from '@tourdesk/contracts';
import { ApiError } from '../../lib/errors.ts';

/**
 * The IMAP side of the inbox (docs/adr/0025), on imapflow: one connection per call, opened with the mailbox's
 * decrypted credentials and closed when the call is done. No SQL here; the service decides what to ask.
 */
export type ImapAccount = { host: string; port: number; secure: boolean; username: string; password: string };

/** An unreachable server or a refused login is the server's fault, not the caller's: 503, never 500. */
const serverUnavailable = () => new ApiError(503, 'error.serviceUnavailable');

/**
 * A client for the mailbox, not yet connected; `options` add to or override the common ones (the IDLE watcher's
 * longer socket timeout). imapflow (with its MIME and socket libraries) loads with the first IMAP connection:
 * most servers never open one.
 */
export async function imapClient(account: ImapAccount, options: Partial<ImapFlowOptions> = {}): Promise<ImapFlow> {
  const { ImapFlow: ImapClient } = await import('imapflow');
  return new ImapClient({
    host: account.host,
    port: account.port,
    secure: account.secure,
    auth: { user: account.username, pass: account.password },
    logger: false,
    // A mail server on the office's network may use its own certificate; the password still goes encrypted.
    tls: { rejectUnauthorized: false },
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
    ...options,
  });
}

export async function withImap<T>(account: ImapAccount, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = await imapClient(account);
  // Errors after connecting arrive as events; the awaited command rejects with them too.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch {
    throw serverUnavailable();
  }
  try {
    return await work(client);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

const SPECIAL_ORDER = ['\\Inbox', '\\Sent', '\\Drafts', '\\Trash', '\\Junk', '\\Archive'];

/** The folders, inbox first, then Sent, Drafts, Trash, Junk, Archive, then the others by path. */
export async function listFolders(client: ImapFlow): Promise<MailFolder[]> {
  const listed = await client.list({ statusQuery: { messages: true, unseen: true, uidNext: true } });
  const rank = (folder: ListResponse) => {
    if (folder.path.toUpperCase() === 'INBOX') return 0;
    const index = SPECIAL_ORDER.indexOf(folder.specialUse ?? '');
    return index === -1 ? SPECIAL_ORDER.length : index;
  };
  return listed
    .filter((folder) => !folder.flags.has('\\Noselect') && !folder.flags.has('\\NonExistent'))
    .sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path))
    .map((folder, index) => ({
      id: index,
      path: folder.path,
      name: folder.path.toUpperCase() === 'INBOX' ? 'INBOX' : folder.name,
      specialUse: folder.path.toUpperCase() === 'INBOX' ? '\\Inbox' : (folder.specialUse ?? null),
      total: folder.status?.messages ?? 0,
      unseen: folder.status?.unseen ?? 0,
      uidNext: folder.status?.uidNext ?? 0,
    }));
}

/**
 * System flags without their backslash (`Seen`, `Flagged`, spec §3), keywords as they are. `\Recent` is left out:
 * it only says which IMAP session saw the message first, and our sessions are short.
 */
export const flagNames = (flags: Set<string> | undefined) =>
  [...(flags ?? [])]
    .filter((flag) => flag !== '\\Recent')
    .map((flag) => (flag.startsWith('\\') ? flag.slice(1) : flag));

const address = (entry: { name?: string; address?: string } | undefined): MailAddress | null =>
  entry ? { name: entry.name ?? '', address: entry.address ?? '' } : null;
export const addresses = (entries: Array<{ name?: string; address?: string }> | undefined): MailAddress[] =>
  (entries ?? []).map((entry) => address(entry)!);

function hasAttachment(node: MessageStructureObject | undefined): boolean {
  if (!node) return false;
  if (node.disposition === 'attachment') return true;
  return (node.childNodes ?? []).some(hasAttachment);
}

const isoDate = (value: Date | string | undefined) => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

export const toSummary = (message: FetchMessageObject): MailMessageSummary => ({
  attrs: { uid: message.uid, flags: flagNames(message.flags) },
  from: address(message.envelope?.from?.[0]),
  to: addresses(message.envelope?.to),
  subject: message.envelope?.subject ?? '',
  date: isoDate(message.envelope?.date ?? message.internalDate),
  size: message.size ?? 0,
  hasAttachments: hasAttachment(message.bodyStructure),
});

/** UIDs of a folder (all, or those a search finds), newest first; the folder must be open. */
export async function searchUids(client: ImapFlow, search: string | undefined): Promise<number[]> {
  const found = search
    ? await client.search(
        { or: [{ from: search }, { to: search }, { subject: search }, { body: search }] },
        { uid: true },
      )
    : await client.search({ all: true }, { uid: true });
  return (found || []).sort((a, b) => b - a);
}

export const SUMMARY_QUERY = {
  uid: true,
  flags: true,
  envelope: true,
  bodyStructure: true,
  size: true,
  internalDate: true,
};
