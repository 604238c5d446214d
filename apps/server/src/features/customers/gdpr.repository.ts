import type { Database } from '../../db/database.ts';

/**
 * All SQL of the GDPR tools (docs/adr/0034). A customer's personal data is spread over many features' tables; the
 * export reads them here in one place so that a reviewer sees everything the export covers, and the anonymisation
 * writes them here in one transaction. Each query names its table's link to the customer: the card
 * (`id_vc_card`), the card's persons, the bookings they booked (`id_booker_card`) and their app accounts
 * (`user_account.id_vc_card`).
 */

type Row = Record<string, unknown>;

/** The columns an export leaves out: secrets and derived search/sort keys (no personal data of their own). */
const HIDDEN = new Set([
  'password_hash',
  'optin_code_hash',
  'search_text',
  'sort_name',
  'sort_phone',
  'sort_email',
  'sort_lastname',
  'sort_firstname',
  'tokens_valid_after',
  'p256dh',
  'auth',
  'mentions',
]);

const visible = <T extends object>(rows: readonly T[]): Row[] =>
  rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !HIDDEN.has(key))));

/** The customer card (kind customer) of `id`, within an agency when `agencyId` is given (-1: none at all). */
export async function findGdprCard(db: Database, id: number, agencyId: number | undefined) {
  let query = db
    .selectFrom('vc_card')
    .select(['id_vc_card', 'name', 'id_organization', 'anonymised_at'])
    .where('id_vc_card', '=', id)
    .where('kind', '=', 'customer');
  if (agencyId !== undefined) query = query.where('id_organization', '=', agencyId);
  return query.executeTakeFirst();
}

/** The ids the other tables hang on: persons, bookings booked by the card, app accounts of the card. */
export async function findCustomerLinks(db: Database, cardId: number) {
  const [persons, bookings, users] = await Promise.all([
    db
      .selectFrom('vc_person')
      .select(['id_vc_person', 'first_name', 'surname'])
      .where('id_vc_card', '=', cardId)
      .execute(),
    db.selectFrom('booking').select('id').where('id_booker_card', '=', cardId).orderBy('id').execute(),
    db.selectFrom('user_account').select('id').where('id_vc_card', '=', cardId).orderBy('id').execute(),
  ]);
  const personIds = persons.map((row) => row.id_vc_person);
  const emails =
    personIds.length === 0
      ? []
      : await db
          .selectFrom('vc_field')
          .select('value')
          .where('id_vc_person', 'in', personIds)
          .where('id_vc_field_type', '=', 1)
          .execute();
  return {
    persons,
    personIds,
    bookingIds: bookings.map((row) => row.id),
    userIds: users.map((row) => row.id),
    emails: emails.map((row) => row.value.trim().toLowerCase()).filter(Boolean),
  };
}
export type CustomerLinks = Awaited<ReturnType<typeof findCustomerLinks>>;

/** `where id in (…)` of an empty list answers nothing without asking the database. */
const whenAny = async <T>(ids: readonly unknown[], read: () => Promise<T[]>): Promise<T[]> =>
  ids.length === 0 ? [] : read();

/** The invoices and credit notes of the bookings, oldest first. */
export async function invoiceIdsOf(db: Database, bookingIds: readonly number[]): Promise<number[]> {
  const rows = await whenAny(bookingIds, () =>
    db.selectFrom('invoice').select('id').where('id_booking', 'in', bookingIds).orderBy('id').execute(),
  );
  return rows.map((row) => row.id);
}

const newsletterContactIds = async (db: Database, cardId: number, emails: readonly string[]) =>
  (
    await db
      .selectFrom('newsletter_contact')
      .select('id')
      .where((eb) =>
        emails.length === 0
          ? eb('id_vc_card', '=', cardId)
          : eb.or([eb('id_vc_card', '=', cardId), eb(eb.fn('lower', ['email']), 'in', emails)]),
      )
      .execute()
  ).map((row) => row.id);

/**
 * The export's JSON files, one reader each (file names as in the contract's GDPR_EXPORT_FILES). Each reader runs
 * when its file is written, so only one kind of data is held in memory at a time.
 */
export function exportReaders(
  db: Database,
  cardId: number,
  links: CustomerLinks,
): Record<string, () => Promise<unknown>> {
  const { personIds, bookingIds, userIds, emails } = links;
  return {
    'card.json': async () =>
      visible(await db.selectFrom('vc_card').selectAll().where('id_vc_card', '=', cardId).execute())[0] ?? null,
    'person.json': async () =>
      visible(await db.selectFrom('vc_person').selectAll().where('id_vc_card', '=', cardId).execute()),
    'addresses.json': async () =>
      visible(
        await whenAny(personIds, () =>
          db.selectFrom('vc_address').selectAll().where('id_vc_person', 'in', personIds).execute(),
        ),
      ),
    'contacts.json': async () =>
      visible(
        await whenAny(personIds, () =>
          db
            .selectFrom('vc_field')
            .selectAll()
            .where('id_vc_person', 'in', personIds)
            .orderBy('id_vc_field_type')
            .orderBy('position')
            .execute(),
        ),
      ),
    'ratio-address.json': async () =>
      visible(await db.selectFrom('ratio_address').selectAll().where('id_vc_card', '=', cardId).execute())[0] ?? null,
    'bookings.json': async () =>
      visible(
        await whenAny(bookingIds, () =>
          db.selectFrom('booking').selectAll().where('id', 'in', bookingIds).orderBy('id').execute(),
        ),
      ),
    'participants.json': async () =>
      visible(
        await whenAny(bookingIds, () =>
          db
            .selectFrom('participant')
            .selectAll()
            .where('id_booking', 'in', bookingIds)
            .orderBy('id_booking')
            .orderBy('position')
            .execute(),
        ),
      ),
    'invoices.json': async () =>
      visible(
        await whenAny(bookingIds, () =>
          db.selectFrom('invoice').selectAll().where('id_booking', 'in', bookingIds).orderBy('id').execute(),
        ),
      ).map((row) => ({ ...row, body: parseJson(row.body) })),
    'payments.json': async () =>
      visible(
        await whenAny(bookingIds, () =>
          db.selectFrom('payment').selectAll().where('id_booking', 'in', bookingIds).orderBy('id').execute(),
        ),
      ),
    'newsletter-contacts.json': async () => {
      const ids = await newsletterContactIds(db, cardId, emails);
      return visible(
        await whenAny(ids, () => db.selectFrom('newsletter_contact').selectAll().where('id', 'in', ids).execute()),
      );
    },
    'newsletter-events.json': async () => {
      const ids = await newsletterContactIds(db, cardId, emails);
      return visible(
        await whenAny(ids, () =>
          db
            .selectFrom('newsletter_event')
            .innerJoin('newsletter_recipient', 'newsletter_recipient.id', 'newsletter_event.id_recipient')
            .select([
              'newsletter_event.id',
              'newsletter_event.id_campaign',
              'newsletter_event.type',
              'newsletter_event.at',
              'newsletter_event.detail',
              'newsletter_recipient.email',
            ])
            .where('newsletter_recipient.id_contact', 'in', ids)
            .orderBy('newsletter_event.id')
            .execute(),
        ),
      );
    },
    'app-accounts.json': async () =>
      visible(
        await whenAny(userIds, () => db.selectFrom('user_account').selectAll().where('id', 'in', userIds).execute()),
      ),
    'push-subscriptions.json': async () =>
      visible(
        await whenAny(userIds, () =>
          db.selectFrom('push_subscription').selectAll().where('id_user', 'in', userIds).execute(),
        ),
      ),
    'push-inbox.json': async () =>
      visible(
        await whenAny(userIds, () =>
          db
            .selectFrom('user_notification')
            .innerJoin(
              'push_notification',
              'push_notification.id_pushnotifications',
              'user_notification.id_pushnotifications',
            )
            .select([
              'user_notification.id',
              'user_notification.id_user',
              'user_notification.created_at',
              'user_notification.read_at',
              'user_notification.opened_at',
              'push_notification.title',
              'push_notification.message',
            ])
            .where('user_notification.id_user', 'in', userIds)
            .orderBy('user_notification.id')
            .execute(),
        ),
      ),
    'topics.json': async () =>
      visible(
        await whenAny(userIds, () =>
          db.selectFrom('app_topic_follower').selectAll().where('id_user', 'in', userIds).execute(),
        ),
      ),
    'traveller-trips.json': async () =>
      visible(
        await whenAny(userIds, () =>
          db.selectFrom('traveller_booking').selectAll().where('id_user', 'in', userIds).execute(),
        ),
      ),
    'suitcases.json': async () =>
      visible(
        await whenAny(userIds, () => db.selectFrom('suitcase').selectAll().where('id_user', 'in', userIds).execute()),
      ).map((row) => ({ ...row, items: parseJson(row.items) })),
    'diary-entries.json': async () => {
      const entries = visible(
        await whenAny(userIds, () =>
          db.selectFrom('diary_entry').selectAll().where('id_user', 'in', userIds).orderBy('id').execute(),
        ),
      );
      const ids = entries.map((row) => Number(row.id));
      const photos = await whenAny(ids, () =>
        db
          .selectFrom('diary_photo')
          .select(['id', 'id_diary_entry', 'storage_key', 'mime_type', 'size', 'width', 'height', 'created_at'])
          .where('id_diary_entry', 'in', ids)
          .execute(),
      );
      return entries.map((entry) => ({
        ...entry,
        photos: photos
          .filter((photo) => photo.id_diary_entry === entry.id)
          .map((photo) => ({ ...photo, file: `documents/diary-${photo.id}.${extensionOf(photo.storage_key)}` })),
      }));
    },
    'survey-answers.json': async () => {
      const responses = await whenAny(userIds, () =>
        db.selectFrom('survey_response').selectAll().where('id_user', 'in', userIds).orderBy('id').execute(),
      );
      const ids = responses.map((row) => row.id);
      const answers = await whenAny(ids, () =>
        db.selectFrom('survey_answer').selectAll().where('id_survey_response', 'in', ids).execute(),
      );
      return responses.map((response) => ({
        ...response,
        answers: answers.filter((answer) => answer.id_survey_response === response.id),
      }));
    },
    'mail-links.json': async () =>
      visible(
        await db
          .selectFrom('mail_link')
          .selectAll()
          .where((eb) =>
            bookingIds.length === 0
              ? eb('id_vc_card', '=', cardId)
              : eb.or([eb('id_vc_card', '=', cardId), eb('id_booking', 'in', bookingIds)]),
          )
          .orderBy('id')
          .execute(),
      ),
    'received-documents.json': async () =>
      (await receivedDocuments(db, cardId, bookingIds)).map((row) => ({
        ...row,
        file: `documents/${row.id}-${row.filename}`,
      })),
    'chat-messages.json': async () =>
      visible(
        await whenAny(userIds, () =>
          db
            .selectFrom('chat_message')
            .selectAll()
            .where('id_user', 'in', userIds)
            .where('deleted_at', 'is', null)
            .orderBy('id')
            .execute(),
        ),
      ),
    'todos.json': async () =>
      visible(await db.selectFrom('todo').selectAll().where('id_vc_card', '=', cardId).orderBy('id').execute()),
    'audit-log.json': async () =>
      visible(
        await db
          .selectFrom('audit_log')
          .selectAll()
          .where((eb) => {
            const aboutCard = eb.and([
              eb('action', 'in', ['gdpr_export', 'gdpr_anonymise']),
              eb('detail', '=', `customer ${cardId}`),
            ]);
            return userIds.length === 0 ? aboutCard : eb.or([aboutCard, eb('user_id', 'in', userIds)]);
          })
          .orderBy('id')
          .execute(),
      ),
  };
}

const parseJson = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** Documents received by mail for the customer or one of their bookings, with their stored file's key. */
export async function receivedDocuments(db: Database, cardId: number, bookingIds: readonly number[]) {
  return db
    .selectFrom('received_document')
    .innerJoin('stored_file', 'stored_file.id', 'received_document.id_stored_file')
    .select([
      'received_document.id',
      'received_document.id_stored_file',
      'received_document.filename',
      'received_document.content_type',
      'received_document.size',
      'received_document.mail_from',
      'received_document.mail_subject',
      'received_document.id_vc_card',
      'received_document.id_booking',
      'received_document.received_at',
      'stored_file.storage_key',
    ])
    .where((eb) =>
      bookingIds.length === 0
        ? eb('received_document.id_vc_card', '=', cardId)
        : eb.or([
            eb('received_document.id_vc_card', '=', cardId),
            eb('received_document.id_booking', 'in', bookingIds),
          ]),
    )
    .orderBy('received_document.id')
    .execute();
}

/** The diary photos of the customer's app accounts (their bytes go into the export, and away on anonymising). */
export async function diaryPhotosOf(db: Database, userIds: readonly number[]) {
  return whenAny(userIds, () =>
    db
      .selectFrom('diary_photo')
      .innerJoin('diary_entry', 'diary_entry.id', 'diary_photo.id_diary_entry')
      .select(['diary_photo.id', 'diary_photo.storage_key', 'diary_photo.variants', 'diary_photo.mime_type'])
      .where('diary_entry.id_user', 'in', userIds)
      .orderBy('diary_photo.id')
      .execute(),
  );
}

/**
 * Bookings of the card that keep it from being anonymised: not cancelled and not yet travelled (the departure
 * ends today or later), or firm and not fully paid.
 */
export async function findOpenBookings(db: Database, cardId: number, today: string) {
  return db
    .selectFrom('booking')
    .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
    .select(['booking.id'])
    .where('booking.id_booker_card', '=', cardId)
    .where('booking.status', '!=', 'cancelled')
    .where((eb) =>
      eb.or([
        eb('jrn_date.date_till', '>=', today),
        eb.and([eb('booking.status', '=', 'firm'), eb('booking.paid_cents', '<', eb.ref('booking.total_cents'))]),
      ]),
    )
    .execute();
}

// ---------------------------------------------------------------- anonymising

export type AnonymisedCard = {
  name: string;
  searchText: string;
  sortName: string;
  at: string;
};

/** The card, its persons and addresses keep their rows (bookings point at them) but lose every personal value. */
export async function anonymiseCardRows(
  db: Database,
  cardId: number,
  personIds: readonly number[],
  card: AnonymisedCard,
) {
  await db
    .updateTable('vc_card')
    .set({
      name: card.name,
      ratio_id: null,
      kuschick_id: null,
      newsletter: false,
      search_text: card.searchText,
      sort_name: card.sortName,
      sort_phone: null,
      sort_email: null,
      anonymised_at: card.at,
      updated_at: card.at,
    })
    .where('id_vc_card', '=', cardId)
    .execute();
  await db
    .updateTable('vc_person')
    .set({
      salutation: null,
      title: null,
      first_name: null,
      surname: card.name,
      birthday: null,
      passport_valid_until: null,
    })
    .where('id_vc_card', '=', cardId)
    .execute();
  if (personIds.length === 0) return 0;
  await db
    .updateTable('vc_address')
    .set({ street: null, zip: null, city: null, country: null, state: null, external_id: null })
    .where('id_vc_person', 'in', personIds)
    .execute();
  const contacts = await db.deleteFrom('vc_field').where('id_vc_person', 'in', personIds).executeTakeFirst();
  await db.deleteFrom('ratio_address').where('id_vc_card', '=', cardId).execute();
  return Number(contacts.numDeletedRows);
}

/**
 * The participant rows of the customer's bookings that are the customer (same surname and, when given, first
 * name): their names are replaced and their birthday, passport, phone and e-mail removed. Fellow travellers are
 * other people and stay as they are.
 */
export async function anonymiseParticipants(
  db: Database,
  bookingIds: readonly number[],
  names: ReadonlyArray<{ first_name: string | null; surname: string | null }>,
  replacement: string,
): Promise<number> {
  if (bookingIds.length === 0) return 0;
  let changed = 0;
  for (const person of names) {
    const surname = person.surname?.trim().toLowerCase();
    if (!surname) continue;
    const first = person.first_name?.trim().toLowerCase();
    const result = await db
      .updateTable('participant')
      .set({
        anrede: null,
        titel: null,
        name: replacement,
        name1: null,
        name2: null,
        name3: null,
        namenszusatz: null,
        geburtstag: null,
        nation: null,
        passnummer: null,
        telefon: null,
        email: null,
      })
      .where('id_booking', 'in', bookingIds)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', surname))
      .where((eb) =>
        first ? eb.or([eb('name1', 'is', null), eb(eb.fn('lower', ['name1']), '=', first)]) : eb.lit(true),
      )
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}

/** The newsletter contacts of the card or its e-mails, with their list memberships, deliveries and events. */
export async function deleteNewsletterContacts(db: Database, cardId: number, emails: readonly string[]) {
  const ids = await newsletterContactIds(db, cardId, emails);
  if (ids.length === 0) return 0;
  const recipients = db.selectFrom('newsletter_recipient').select('id').where('id_contact', 'in', ids);
  await db.deleteFrom('newsletter_event').where('id_recipient', 'in', recipients).execute();
  await db.deleteFrom('newsletter_recipient').where('id_contact', 'in', ids).execute();
  await db.deleteFrom('newsletter_list_member').where('id_contact', 'in', ids).execute();
  await db.deleteFrom('newsletter_contact').where('id', 'in', ids).execute();
  return ids.length;
}

/**
 * The customer's app accounts: disabled (and their sessions cut off), their personal values removed, their
 * devices, inbox, topics, suitcases and diaries deleted; survey answers stay, no longer tied to the account.
 */
export async function anonymiseAppAccounts(db: Database, userIds: readonly number[], name: string, at: string) {
  const counts = { pushSubscriptions: 0, inboxEntries: 0, diaryEntries: 0, suitcases: 0, surveyResponses: 0 };
  if (userIds.length === 0) return counts;
  for (const id of userIds) {
    await db
      .updateTable('user_account')
      .set({
        email: `anonymised-${id}@invalid.invalid`,
        password_hash: null,
        firstname: '',
        lastname: name,
        street: null,
        number: null,
        zip: null,
        city: null,
        country: null,
        nationality: null,
        state: null,
        sex: null,
        birthday: null,
        placeofbirth: null,
        maritalstatus: null,
        status: null,
        username: null,
        ratio_id: null,
        kuschick_id: null,
        avatar: null,
        is_active: false,
        tokens_valid_after: at,
        search_text: name.toLowerCase(),
        sort_lastname: name.toLowerCase(),
        sort_firstname: '',
        sort_phone: null,
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }
  const deleted = async (table: 'push_subscription' | 'user_notification' | 'suitcase' | 'diary_entry') =>
    Number((await db.deleteFrom(table).where('id_user', 'in', userIds).executeTakeFirst()).numDeletedRows);
  counts.pushSubscriptions = await deleted('push_subscription');
  counts.inboxEntries = await deleted('user_notification');
  counts.suitcases = await deleted('suitcase');
  const entries = db.selectFrom('diary_entry').select('id').where('id_user', 'in', userIds);
  await db.deleteFrom('diary_photo').where('id_diary_entry', 'in', entries).execute();
  counts.diaryEntries = await deleted('diary_entry');
  await db.deleteFrom('app_topic_follower').where('id_user', 'in', userIds).execute();
  await db.deleteFrom('action_code').where('user_id', 'in', userIds).execute();
  counts.surveyResponses = Number(
    (await db.updateTable('survey_response').set({ id_user: null }).where('id_user', 'in', userIds).executeTakeFirst())
      .numUpdatedRows,
  );
  return counts;
}

/**
 * Mail links and received documents of the customer. Those of a booking stay with the booking (a document of a
 * booking the law requires is kept) but lose the sender; the customer's own ones are deleted with their files.
 */
export async function removeMailTraces(db: Database, cardId: number) {
  const links = await db.deleteFrom('mail_link').where('id_vc_card', '=', cardId).executeTakeFirst();
  await db
    .updateTable('received_document')
    .set({ id_vc_card: null, mail_from: null })
    .where('id_vc_card', '=', cardId)
    .where('id_booking', 'is not', null)
    .execute();
  const own = await db
    .selectFrom('received_document')
    .innerJoin('stored_file', 'stored_file.id', 'received_document.id_stored_file')
    .select(['received_document.id', 'stored_file.id as fileId', 'stored_file.storage_key', 'stored_file.variants'])
    .where('received_document.id_vc_card', '=', cardId)
    .execute();
  if (own.length > 0) {
    await db
      .deleteFrom('received_document')
      .where(
        'id',
        'in',
        own.map((row) => row.id),
      )
      .execute();
    await db
      .deleteFrom('stored_file')
      .where(
        'id',
        'in',
        own.map((row) => row.fileId),
      )
      .execute();
  }
  return { mailLinks: Number(links.numDeletedRows), documents: own };
}

/** The documents query's index: the customer's name in its rows becomes the replacement, and so does their search. */
export async function reindexDocumentsOfCard(
  db: Database,
  cardId: number,
  name: string,
  searchOf: (row: {
    title: string;
    filename: string;
    journey_title: string | null;
    id_booking: number | null;
  }) => string,
  removedReceived: readonly number[],
) {
  if (removedReceived.length > 0)
    await db
      .deleteFrom('document_index')
      .where(
        'source_key',
        'in',
        removedReceived.map((id) => `received:${id}`),
      )
      .execute();
  const rows = await db
    .selectFrom('document_index')
    .select(['id', 'title', 'filename', 'journey_title', 'id_booking'])
    .where('id_vc_card', '=', cardId)
    .execute();
  for (const row of rows)
    await db
      .updateTable('document_index')
      .set({ customer_name: name, search_text: searchOf(row) })
      .where('id', '=', row.id)
      .execute();
}
