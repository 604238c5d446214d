import { z } from 'zod';

/**
 * Contact entries: one shape for users, customers and agencies ([adr/0007](../../../docs/adr/0007-contact-entries.md)).
 * Every phone or e-mail is `{ key, value }`, `key` naming its kind (spec §3 "Card": four phone types, two
 * e-mail types). Editing a card's rows adds `id_vc_field` (which stored row) and `drop` (remove it); reading
 * them adds the row's ids and `id_vc_field_type`.
 */
export const PHONE_TYPES = ['phone-business', 'phone-private', 'phone-mobile', 'phone-fax'] as const;
export const EMAIL_TYPES = ['email-business', 'email-private'] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];
export type EmailType = (typeof EMAIL_TYPES)[number];

/** id_vc_field_type of a contact row (spec §3 "Card"). */
export const FIELD_TYPES = { email: 1, phone: 2 } as const;

/** An entry as the API answers it. */
export const ZPhoneEntry = z.object({ key: z.enum(PHONE_TYPES), value: z.string() });
export const ZEmailEntry = z.object({ key: z.enum(EMAIL_TYPES), value: z.string() });
export type PhoneEntry = z.infer<typeof ZPhoneEntry>;
export type EmailEntry = z.infer<typeof ZEmailEntry>;

/** An entry as a client sends it: a known kind, a trimmed phone number, a valid (lower-cased) e-mail or ''. */
export const ZPhoneEntryInput = z.object({
  key: z.enum(PHONE_TYPES, { error: 'error.invalid' }),
  value: z.string({ error: 'error.invalid' }).trim().max(40, 'error.tooLong'),
});
export const ZEmailEntryInput = z.object({
  key: z.enum(EMAIL_TYPES, { error: 'error.invalid' }),
  value: z.union([z.literal(''), z.email('error.email')]).transform((value) => value.toLowerCase()),
});

/** Which stored row an entry is (absent: a new row), and whether to remove it. */
const rowEdit = {
  id_vc_field: z.number().int().positive().optional(),
  drop: z.boolean().optional(),
};
export const ZPhoneRowInput = ZPhoneEntryInput.extend(rowEdit);
export const ZEmailRowInput = ZEmailEntryInput.extend(rowEdit);
export type PhoneRowInput = z.infer<typeof ZPhoneRowInput>;
export type EmailRowInput = z.infer<typeof ZEmailRowInput>;

/** A stored contact row of a card's person as the API shows it (spec §3 "Card"). */
export const ZVcField = z.object({
  id_vc_field: z.number().int(),
  id_vc_person: z.number().int(),
  id_vc_field_type: z.union([z.literal(1), z.literal(2)]),
  key: z.string(),
  value: z.string(),
  drop: z.boolean(),
});
export type VcField = z.infer<typeof ZVcField>;
