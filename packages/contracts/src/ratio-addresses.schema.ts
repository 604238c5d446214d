import { z } from 'zod';

/**
 * The customer seen as a RATIO address record (spec §3 "Address", about 190 fields; docs/adr/0015).
 * `RATIO_ADDRESS_FIELDS` is the one table of the record: every field with its RATIO type and length. The
 * request and answer schemas are generated from it, so a field is added here once.
 *
 * Types (spec §3: number, string, timestamp, double, smallint, blob, varchar — plus `date` for the day
 * fields of spec §3 "Agency customer", which RATIO keeps as timestamps):
 * - `string` / `varchar` — text of at most `length` characters (`error.tooLong`); '' is stored as null.
 * - `blob` — long text (memo), at most `length` characters.
 * - `number` — a whole number (32 bit); `smallint` — a whole number of −32768…32767; `double` — any finite number.
 * - `timestamp` — ISO 8601 date and time; `date` — YYYY-MM-DD (an ISO timestamp is accepted and cut to its day).
 *
 * `card` names where Tourdesk keeps a field it models itself (the customer card, adr/0005); every other
 * field is kept as sent in `ratio_address.fields`. `readOnly` fields are written by the server; a client may
 * send them back unchanged (a RATIO client sends the whole record) and they are ignored.
 */
export type RatioFieldType = 'number' | 'smallint' | 'double' | 'string' | 'varchar' | 'blob' | 'timestamp' | 'date';
export type RatioFieldSpec = {
  type: RatioFieldType;
  length?: number;
  /** where the card keeps it (documentation; the mapping itself is in the ratio-addresses service) */
  card?: string;
  readOnly?: boolean;
};

const s = (length: number, card?: string): RatioFieldSpec => ({ type: 'string', length, ...(card ? { card } : {}) });
const v = (length: number, card?: string): RatioFieldSpec => ({ type: 'varchar', length, ...(card ? { card } : {}) });
const blob = (length = 32_000): RatioFieldSpec => ({ type: 'blob', length });
const num: RatioFieldSpec = { type: 'number' };
const small: RatioFieldSpec = { type: 'smallint' };
const dbl: RatioFieldSpec = { type: 'double' };
const ts: RatioFieldSpec = { type: 'timestamp' };
const day = (card?: string): RatioFieldSpec => ({ type: 'date', ...(card ? { card } : {}) });

/** kat1 … kat24: the customer's categories (spec §3: 4 characters each). */
const categories = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`kat${i + 1}`, s(4)])) as Record<
  `kat${number}`,
  RatioFieldSpec
>;
/** dsgvo1 … dsgvo6: the data-protection consents (0 no, 1 yes). */
const consents = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`dsgvo${i + 1}`, small])) as Record<
  `dsgvo${number}`,
  RatioFieldSpec
>;
/** frei1 … frei10: RATIO's free text fields. */
const freeTexts = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`frei${i + 1}`, s(60)])) as Record<
  `frei${number}`,
  RatioFieldSpec
>;

export const RATIO_ADDRESS_FIELDS = {
  // Key and names
  kennziffer: v(20, 'vc_card.ratio_id'),
  anrede: s(20, 'vc_person.salutation (Herr 0, Frau 1, Divers 2; other texts kept as sent)'),
  titel: s(20, 'vc_person.title (Dr. 1, Prof. 2, Prof. Dr. 3; other texts kept as sent)'),
  briefanrede: s(60),
  name1: s(30, 'vc_person.surname (Nachname or company name)'),
  name2: s(30),
  name3: s(30),
  vorname: s(30, 'vc_person.first_name'),
  namenszusatz: s(30),
  geburtsname: s(30),
  firma: s(60),
  abteilung: s(30),
  position: s(30),
  branche: s(30),
  ansprechpartner: s(60),
  // Postal address
  strasse: s(30, 'vc_address.street'),
  plz: s(15, 'vc_address.zip'),
  ort: s(30, 'vc_address.city'),
  ortsteil: s(30),
  land: s(40, 'vc_address.country'),
  staat: s(40, 'vc_address.state'),
  lkz: s(3),
  postfach: s(15),
  postfach_plz: s(15),
  postfach_ort: s(30),
  c_o: s(30),
  zustellhinweis: s(60),
  latitude: dbl,
  longitude: dbl,
  // Invoice address
  re_anrede: s(20),
  re_name1: s(30),
  re_name2: s(30),
  re_strasse: s(30),
  re_plz: s(15),
  re_ort: s(30),
  re_land: s(40),
  re_email: s(60),
  // Phones, e-mail, web
  telefon1: s(25, 'vc_field phone-private'),
  telefon2: s(25, 'vc_field phone-business'),
  mobil: s(25, 'vc_field phone-mobile'),
  fax: s(25, 'vc_field phone-fax'),
  email: s(60, 'vc_field email-private'),
  email2: s(60, 'vc_field email-business'),
  homepage: s(80),
  // Person
  geburtstag: day('vc_person.birthday'),
  geburtsort: s(30),
  geschlecht: small,
  familienstand: small,
  nationalitaet: s(30),
  beruf: s(30),
  sprache: s(3),
  // Passport and identity card
  passnummer: s(20),
  pass_art: small,
  pass_ausgestellt_am: day(),
  pass_gueltig_bis: day('vc_person.passport_valid_until'),
  pass_ausstellungsort: s(30),
  pass_ausstellungsland: s(40),
  ausweisnummer: s(20),
  ausweis_gueltig_bis: day(),
  visum: s(30),
  visum_gueltig_bis: day(),
  // Partner
  partner_anrede: s(20),
  partner_vorname: s(30),
  partner_name: s(30),
  partner_geburtstag: day(),
  // Emergency contact and travel needs
  notfallkontakt: s(60),
  notfalltelefon: s(25),
  sitzplatzwunsch: s(20),
  zimmerwunsch: s(30),
  verpflegung: s(20),
  diaet: s(60),
  allergien: s(120),
  mobilitaet: s(60),
  rollstuhl: small,
  raucher: small,
  zustieg_standard: num,
  versicherung: s(30),
  versicherungsnummer: s(30),
  vielfliegernummer: s(30),
  // Bank and payment
  iban: s(20),
  bic: s(11),
  bank: s(40),
  kontoinhaber: s(60),
  sepa_mandat: s(35),
  sepa_datum: day(),
  zahlungsart: small,
  zahlungsziel: small,
  skonto: dbl,
  kreditlimit: dbl,
  waehrung: s(3),
  mahnstufe: small,
  mahnsperre: small,
  lastschrift: small,
  // Tax
  ustid: s(16),
  steuernummer: s(20),
  steuerfrei: small,
  // Sales
  kundengruppe: s(4),
  kundenart: small,
  stammkunde: { type: 'smallint', card: 'vc_card.customer_type (0 new, 1 regular)' },
  preisgruppe: small,
  rabatt: dbl,
  provision: dbl,
  bonuspunkte: num,
  vertreter: num,
  agentur: { type: 'number', card: 'vc_card.id_organization (the agency)' },
  reisebuero: s(60),
  quelle: s(30),
  werbecode: s(20),
  empfohlen_von: num,
  anzahl_reisen: num,
  umsatz: dbl,
  erste_reise: day(),
  letzte_reise: day(),
  letzte_buchung: day(),
  // Numbers in other systems
  kuschick_nr: v(50, 'vc_card.kuschick_id'),
  externe_id: v(50, 'vc_address.external_id'),
  debitor: num,
  kreditor: num,
  fibu_konto: s(20),
  // Consent, advertising, locks
  ...consents,
  dsgvo_datum: ts,
  dsgvo_quelle: s(30),
  newsletter: s(5),
  newsletter_datum: ts,
  werbesperre: small,
  werbung_post: small,
  werbung_email: small,
  werbung_telefon: small,
  sperrvermerk: s(60),
  sperre: small,
  status: small,
  aktiv: small,
  dublette_von: num,
  // Categories and free fields
  ...categories,
  ...freeTexts,
  freidatum1: day(),
  freidatum2: day(),
  freidatum3: day(),
  freizahl1: dbl,
  freizahl2: dbl,
  freizahl3: dbl,
  // Notes
  bemerkung: blob(),
  bemerkung_intern: blob(),
  info: s(120),
  // Bookkeeping of the record
  erfasst_am: { type: 'timestamp', card: 'vc_card.created_at', readOnly: true },
  erfasst_von: s(30),
  bearbeitet: { type: 'timestamp', card: 'vc_card.updated_at', readOnly: true },
  bearbeitet_von: s(30),
} satisfies Record<string, RatioFieldSpec>;

export type RatioAddressField = keyof typeof RATIO_ADDRESS_FIELDS;
export const RATIO_ADDRESS_FIELD_NAMES = Object.keys(RATIO_ADDRESS_FIELDS) as RatioAddressField[];
export const ratioFieldSpec = (name: RatioAddressField): RatioFieldSpec => RATIO_ADDRESS_FIELDS[name];

type ValueOfType<T> = T extends { type: 'number' | 'smallint' | 'double' } ? number : string;
/** A record as the API answers it: every field, null when empty. */
export type RatioAddress = { [K in RatioAddressField]: ValueOfType<(typeof RATIO_ADDRESS_FIELDS)[K]> | null };
/** A record as a client sends it: any field (absent: unchanged, null or '': cleared). */
export type RatioAddressInput = { [K in RatioAddressField]?: ValueOfType<(typeof RATIO_ADDRESS_FIELDS)[K]> | null };

const INT32 = 2_147_483_647;
const SMALLINT = 32_767;
const emptyToNull = (value: unknown) => (value === '' ? null : value);
/** A kennziffer is used in paths: letters, digits, '.', '-' and '_'. */
export const KENNZIFFER_PATTERN = /^[A-Za-z0-9._-]+$/;

const wholeNumber = (max: number) =>
  z
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .min(-max - 1, 'error.tooLong')
    .max(max, 'error.tooLong');

/** Strings of an ISO timestamp are cut to their day (RATIO keeps its dates as timestamps). */
const dayValue = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value),
  z.iso.date('error.invalid'),
);

/** The zod type of one field of the table (what the client may send for it). */
function fieldSchema(name: string, spec: RatioFieldSpec): z.ZodType {
  let base: z.ZodType;
  switch (spec.type) {
    case 'number':
      base = wholeNumber(INT32);
      break;
    case 'smallint':
      base = wholeNumber(SMALLINT);
      break;
    case 'double':
      base = z.number({ error: 'error.invalid' }).refine(Number.isFinite, 'error.invalid');
      break;
    case 'timestamp':
      base = z.iso.datetime({ offset: true, error: 'error.invalid' });
      break;
    case 'date':
      base = dayValue;
      break;
    default: {
      let text = z
        .string({ error: 'error.invalid' })
        .trim()
        .max(spec.length ?? 255, 'error.tooLong');
      if (name === 'kennziffer') text = text.regex(KENNZIFFER_PATTERN, 'error.invalid');
      base =
        name === 'email' || name === 'email2' || name === 're_email'
          ? text.pipe(z.email('error.email')).transform((value) => value.toLowerCase())
          : text;
    }
  }
  return z.preprocess(emptyToNull, base.nullable().optional());
}

const inputShape = Object.fromEntries(
  Object.entries(RATIO_ADDRESS_FIELDS).map(([name, spec]) => [name, fieldSchema(name, spec)]),
) as { [K in RatioAddressField]: z.ZodType<RatioAddressInput[K]> };

const KNOWN_FIELDS = new Set<string>(RATIO_ADDRESS_FIELD_NAMES);

/**
 * A record body: the fields of the table, and every field the record does not have refused at its own name
 * (`error.invalid`), so a misspelt field never silently disappears. (A strict object would name no field.)
 */
const recordBody = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object(shape)
    .loose()
    .superRefine(
      (value: unknown, ctx) => {
        // Runs also when the body is no object at all (`when`), which the object check has refused already.
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
        for (const key of Object.keys(value))
          if (!KNOWN_FIELDS.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'error.invalid' });
      },
      { when: () => true },
    );

/** `PUT /ratio/api/addresses/{kennziffer}`: any fields of the record. */
export const ZRatioAddressBody = recordBody(inputShape);
export type RatioAddressBody = z.infer<typeof ZRatioAddressBody>;

/** `POST /ratio/api/addresses`: a new record needs its name (name1); without kennziffer the card id is its number. */
export const ZCreateRatioAddressBody = recordBody({
  ...inputShape,
  name1: z.preprocess(
    (value) => (value === null ? undefined : value),
    z.string({ error: 'error.empty' }).trim().min(1, 'error.empty').max(30, 'error.tooLong'),
  ),
});
export type CreateRatioAddressBody = z.infer<typeof ZCreateRatioAddressBody>;

const answerShape = Object.fromEntries(
  Object.entries(RATIO_ADDRESS_FIELDS).map(([name, spec]) => [
    name,
    (spec.type === 'number' || spec.type === 'smallint' || spec.type === 'double'
      ? z.number().nullable()
      : z.string().nullable()) as z.ZodType,
  ]),
) as { [K in RatioAddressField]: z.ZodType<RatioAddress[K]> };

/** The whole record as GET, POST, PUT and DELETE answer it (values the card holds may be longer than RATIO's). */
export const ZRatioAddress = z.object(answerShape);

export const ZKennzifferParams = z.object({
  kennziffer: z.string().max(20, 'error.tooLong').regex(KENNZIFFER_PATTERN, 'error.invalid'),
});
export type KennzifferParams = z.infer<typeof ZKennzifferParams>;
