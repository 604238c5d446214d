import { z } from 'zod';

/**
 * The back office's bell (issue #17, docs/adr/0024): events a staff user should notice, each shown with the label
 * of its kind (i18n `app.notifications.kinds.<kind>`) and a text of its own (a mail's sender and subject, a to-do's
 * title, a booking number), and opening `link` in the app.
 */
export const STAFF_NOTIFICATION_KINDS = [
  'mail',
  'chatMention',
  'todoDue',
  'todoAssigned',
  'taskAssigned',
  'calendarReminder',
  'optionLapsing',
  'agencyBooking',
] as const;
export type StaffNotificationKind = (typeof STAFF_NOTIFICATION_KINDS)[number];

export const ZStaffNotification = z.object({
  id: z.number().int(),
  kind: z.enum(STAFF_NOTIFICATION_KINDS),
  text: z.string(),
  /** A path of the back office, e.g. `/email/inbox/3/INBOX/42`. */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type StaffNotification = z.infer<typeof ZStaffNotification>;

/** GET /notifications: the newest entries (`$limit`, 1–50, default 20) and how many are unread in all. */
export const ZStaffNotificationQuery = z.object({
  $limit: z.coerce
    .number({ error: 'error.invalidQuery' })
    .int('error.invalidQuery')
    .min(1, 'error.invalidQuery')
    .max(50, 'error.invalidQuery')
    .optional(),
});
export type StaffNotificationQuery = z.infer<typeof ZStaffNotificationQuery>;

export const ZStaffNotificationList = z.object({
  unread: z.number().int(),
  data: z.array(ZStaffNotification),
});
export type StaffNotificationList = z.infer<typeof ZStaffNotificationList>;

/** POST /notifications/read: the given entries, or (without `ids`) all of the user's. */
export const ZStaffNotificationReadBody = z.object({
  ids: z
    .array(z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid'), {
      error: 'error.invalid',
    })
    .max(500, 'error.invalid')
    .optional(),
});
export type StaffNotificationReadBody = z.infer<typeof ZStaffNotificationReadBody>;

/** The event the bell's stream (GET /notifications/stream) sends when something changed: the new unread count. */
export const ZStaffNotificationEvent = z.object({ unread: z.number().int() });
export type StaffNotificationEvent = z.infer<typeof ZStaffNotificationEvent>;
