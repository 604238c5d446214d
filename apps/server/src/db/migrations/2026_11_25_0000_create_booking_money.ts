import { isPostgres, types, type MigrationDb } from './helpers.ts';

/**
 * The money and documents of a booking (issue #11, docs/adr/0017): the payment schedule, recorded payments,
 * invoices and credit notes with gap-free numbers, cancellation and payment terms per journey, the booking's
 * language and host (for documents and mails), option reminders and dunning levels, cancelled participants,
 * and mails that belong to a booking and carry attachments.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  const blob = isPostgres(db) ? 'bytea' : 'blob';

  await db.schema
    .alterTable('booking')
    /** the booker's language: documents and mails are written in it (de | en | es | ru) */
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('de'))
    .execute();
  /** the host the booking was made on: its brand heads documents and mails */
  await db.schema.alterTable('booking').addColumn('brand_host', 'text').execute();
  /** when the booking first became firm: the deposit falls due from then */
  await db.schema.alterTable('booking').addColumn('confirmed_at', t.timestamp).execute();
  /** when the option-reminder mail was queued (so it is sent once) */
  await db.schema.alterTable('booking').addColumn('option_reminded_at', t.timestamp).execute();
  /** reminder level (Mahnstufe) 0–3 and when the last reminder went out */
  await db.schema
    .alterTable('booking')
    .addColumn('dunning_level', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('booking').addColumn('dunned_at', t.timestamp).execute();
  /** Σ payment.amount_cents, kept in the payment's transaction (open = total − paid) */
  await db.schema
    .alterTable('booking')
    .addColumn('paid_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  /** a participant cancelled on their own: kept for the history, holds nothing, priced only by its fee */
  await db.schema.alterTable('participant').addColumn('cancelled_at', t.timestamp).execute();
  /** the insurance product chosen for the participant (INSURANCE_PRODUCTS code), priced as a line */
  await db.schema.alterTable('participant').addColumn('insurance', 'text').execute();

  /** JSON [{ daysBefore, percent }]; null: the setting CANCELLATION_TERMS */
  await db.schema.alterTable('jrn_journey').addColumn('cancellation_terms', 'text').execute();
  /** JSON { depositPercent, depositDays, balanceDaysBefore }; null: the setting PAYMENT_TERMS */
  await db.schema.alterTable('jrn_journey').addColumn('payment_terms', 'text').execute();

  // The payment schedule: deposit and balance, rewritten whenever the total or the status changes.
  await db.schema
    .createTable('payment_due')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_booking', 'integer', (c) => c.notNull().references('booking.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('due_date', t.date, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_due_booking_idx')
    .on('payment_due')
    .columns(['id_booking', 'due_date'])
    .execute();
  await db.schema.createIndex('payment_due_date_idx').on('payment_due').columns(['due_date', 'id_booking']).execute();

  // Payments received for a booking (amounts > 0).
  await db.schema
    .createTable('payment')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_booking', 'integer', (c) => c.notNull().references('booking.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('paid_on', t.date, (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('payment_booking_idx').on('payment').columns(['id_booking', 'id']).execute();

  // ★ Gap-free numbers: one counter row per year and kind, raised in the transaction that issues the document.
  await db.schema
    .createTable('invoice_counter')
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('invoice_counter_pk', ['year', 'kind'])
    .execute();

  // ★ Issued invoices and credit notes: `body` is the frozen document (JSON); no row is ever updated.
  await db.schema
    .createTable('invoice')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('id_booking', 'integer', (c) => c.references('booking.id').onDelete('restrict'))
    .addColumn('id_organization', 'integer', (c) => c.references('organization.id'))
    /** a credit note names the invoice it corrects */
    .addColumn('id_credited_invoice', 'integer', (c) => c.references('invoice.id'))
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('brand_host', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('issued_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('issued_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint('invoice_year_kind_seq_uq', ['year', 'kind', 'seq'])
    .execute();
  await db.schema.createIndex('invoice_booking_idx').on('invoice').columns(['id_booking', 'id']).execute();
  await db.schema.createIndex('invoice_organization_idx').on('invoice').columns(['id_organization', 'id']).execute();

  // Mails that belong to a record (`booking:123`) and their attachments (bytes, written with the mail).
  await db.schema.alterTable('mail_outbox').addColumn('ref', 'text').execute();
  await db.schema.createIndex('mail_outbox_ref_idx').on('mail_outbox').columns(['ref', 'id']).execute();
  await db.schema
    .createTable('mail_attachment')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_mail', 'integer', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', blob, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_attachment_mail_idx').on('mail_attachment').column('id_mail').execute();

  // Lists: bookings by departure day and by creation, participants by name (search), bookings by invoice.
  await db.schema.createIndex('booking_created_idx').on('booking').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('booking_invoice_idx').on('booking').columns(['invoice_number']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['mail_attachment', 'invoice', 'invoice_counter', 'payment', 'payment_due']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('mail_outbox_ref_idx').ifExists().execute();
  await db.schema.dropIndex('booking_created_idx').ifExists().execute();
  await db.schema.dropIndex('booking_invoice_idx').ifExists().execute();
  await db.schema.alterTable('mail_outbox').dropColumn('ref').execute();
  for (const column of ['cancellation_terms', 'payment_terms']) {
    await db.schema.alterTable('jrn_journey').dropColumn(column).execute();
  }
  for (const column of ['cancelled_at', 'insurance']) {
    await db.schema.alterTable('participant').dropColumn(column).execute();
  }
  for (const column of [
    'language',
    'brand_host',
    'confirmed_at',
    'option_reminded_at',
    'dunning_level',
    'dunned_at',
    'paid_cents',
  ]) {
    await db.schema.alterTable('booking').dropColumn(column).execute();
  }
}
