import type { ChatMember } from '@tourdesk/contracts/chat.schema';

/**
 * Mentions in the composer (docs/adr/0026): typing `@` and the start of a name offers the channel's members; a
 * picked member is written as `@Firstname Lastname` and sent as their user id.
 */

/** The mention being typed before the caret: its start (the `@`) and what follows it, or null. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0 || (at > 0 && !/\s/.test(before[at - 1]!))) return null;
  const query = before.slice(at + 1);
  // at most a first and a last name, no line break
  if (query.includes('\n') || query.split(' ').length > 2) return null;
  return { start: at, query };
}

/** The members whose name contains every typed word (case-insensitive), at most `limit`. */
export function matchingMembers(members: readonly ChatMember[], query: string, limit = 6): ChatMember[] {
  const words = query.toLocaleLowerCase('de').split(/\s+/).filter(Boolean);
  return members
    .filter((member) => member.name && words.every((word) => member.name.toLocaleLowerCase('de').includes(word)))
    .slice(0, limit);
}

/** The text with the typed mention replaced by `@Name ` and the caret after it. */
export function insertMention(text: string, start: number, caret: number, member: ChatMember) {
  const inserted = `@${member.name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

/** The picked members still named in the text (a mention deleted from the text is not sent). */
export function keptMentions(text: string, picked: readonly ChatMember[]): number[] {
  return [...new Set(picked.filter((member) => text.includes(`@${member.name}`)).map((member) => member.id))];
}

/** The text cut into plain parts and mentions of the given members, for showing a message. */
export function splitMentions(
  text: string,
  mentions: readonly ChatMember[],
): Array<{ text: string; mention: boolean }> {
  const names = mentions
    .map((member) => `@${member.name}`)
    .filter((name) => name.length > 1)
    .sort((a, b) => b.length - a.length);
  if (names.length === 0) return [{ text, mention: false }];
  const pattern = new RegExp(`(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'g');
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, mention: names.includes(part) }));
}
