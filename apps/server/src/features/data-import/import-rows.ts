import {
  DATA_IMPORT_FIELDS,
  normalizeSearchText,
  ZCreateCustomerBody,
  type CreateCustomerBody,
  type DataImportField,
  type DataImportMapping,
} from '@tourdesk/contracts';

/** One file row under a mapping: its values, the customer it describes, or why it cannot be imported. */
export type PreparedRow = {
  /** row number in the file (the header is row 1) */
  row: number;
  values: Partial<Record<DataImportField, string>>;
  customer: CreateCustomerBody | null;
  reason: string | null;
  emailKey: string | null;
  nameKey: string | null;
  newsletter: boolean;
};

const SALUTATIONS: Record<string, number> = {
  herr: 0,
  hr: 0,
  mr: 0,
  mister: 0,
  m: 0,
  frau: 1,
  fr: 1,
  mrs: 1,
  ms: 1,
  miss: 1,
  w: 1,
  divers: 2,
  d: 2,
};
const TITLES: Record<string, number | null> = { '': null, ohne: null, dr: 1, prof: 2, profdr: 3 };
const YES = new Set(['1', 'x', 'ja', 'j', 'yes', 'y', 'true', 'wahr']);

const simple = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A code from a select list: its number as given, or the German/English word for it. */
function code(value: string, words: Record<string, number | null>, max: number): number | null | 'invalid' {
  if (value === '') return null;
  if (/^\d+$/.test(value)) return Number(value) <= max ? Number(value) : 'invalid';
  const found = words[simple(value)];
  return found === undefined ? 'invalid' : found;
}

/** A date as ISO `YYYY-MM-DD` from ISO, German `TT.MM.JJJJ` (also two-digit years) or `MM/DD/YYYY`. */
export function isoDate(value: string): string | null {
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
  let year: number, month: number, day: number;
  if (match) [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(value))) {
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (match[3]!.length === 2) year += year > new Date().getFullYear() % 100 ? 1900 : 2000;
  } else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value)))
    [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Which import field a customer field's validation message belongs to. */
const FIELD_OF: Record<string, DataImportField> = {
  surname: 'lastName',
  address: 'street',
  emails: 'email',
};

/** The key under which two rows (or a row and a customer) are the same person: name, birthday and zip. */
export const personKey = (
  firstName: string | null,
  surname: string | null,
  birthday: string | null,
  zip: string | null,
) =>
  birthday && surname
    ? `${normalizeSearchText(firstName ?? '')}|${normalizeSearchText(surname)}|${birthday}|${(zip ?? '').replace(/\s/g, '')}`
    : null;

/** Reads one row under the mapping and checks it as POST /customers would (same contract, same message keys). */
export function prepareRow(cells: readonly string[], mapping: DataImportMapping, row: number): PreparedRow {
  const values: Partial<Record<DataImportField, string>> = {};
  for (const field of DATA_IMPORT_FIELDS) {
    const index = mapping[field];
    if (typeof index === 'number') {
      const value = (cells[index] ?? '').trim();
      if (value !== '') values[field] = value;
    }
  }
  const result = (reason: string | null, customer: CreateCustomerBody | null = null): PreparedRow => ({
    row,
    values,
    customer,
    reason,
    emailKey: customer?.emails?.[0]?.value || null,
    nameKey: customer
      ? personKey(customer.firstName, customer.surname, customer.birthday ?? null, customer.zip ?? null)
      : null,
    newsletter: YES.has((values.newsletter ?? '').toLowerCase()),
  });
  const salutation = code(values.salutation ?? '', SALUTATIONS, 2);
  if (salutation === 'invalid') return result('invalid.salutation');
  const title = code(values.title ?? '', TITLES, 3);
  if (title === 'invalid') return result('invalid.title');
  const birthday = values.birthday ? isoDate(values.birthday) : null;
  if (values.birthday && !birthday) return result('invalid.birthday');
  const phones = [
    ...(values.phone ? [{ key: 'phone-private' as const, value: values.phone }] : []),
    ...(values.mobile ? [{ key: 'phone-mobile' as const, value: values.mobile }] : []),
  ];
  const parsed = ZCreateCustomerBody.safeParse({
    salutation,
    title,
    firstName: values.firstName ?? '',
    surname: values.lastName ?? '',
    birthday,
    address: values.street ?? null,
    zip: values.zip ?? null,
    city: values.city ?? null,
    country: values.country ?? null,
    ratio_id: values.ratio_id ?? null,
    kuschick_id: values.kuschick_id ?? null,
    emails: values.email ? [{ key: 'email-private', value: values.email }] : [],
    phones,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [first, index] = issue.path;
    let field = FIELD_OF[String(first)] ?? String(first);
    if (first === 'phones') field = index === 0 && values.phone ? 'phone' : 'mobile';
    return result(`invalid.${field}`);
  }
  return result(null, parsed.data);
}
