import type { Generated } from 'kysely';
import type { ChatChannelKind } from '@tourdesk/contracts';

/** A chat channel (docs/adr/0026): `general`, or the channel of one departure (made when first opened). */
export type ChatChannelTable = {
  id: Generated<number>;
  kind: ChatChannelKind;
  /** `jrn_date.nr` of a departure channel */
  id_jrn_date: number | null;
  created_at: Generated<string | Date>;
};

export type ChatMessageTable = {
  id: Generated<number>;
  id_chat_channel: number;
  id_user: number;
  /** empty once deleted */
  text: string;
  search_text: Generated<string>;
  /** JSON array of user ids */
  mentions: Generated<string>;
  created_at: Generated<string | Date>;
  edited_at: string | Date | null;
  deleted_at: string | Date | null;
};

/** How far a user has read a channel: the unread count is the others' messages after `last_read_id`. */
export type ChatReadTable = {
  id_user: number;
  id_chat_channel: number;
  last_read_id: Generated<number>;
};
