import type { Generated } from 'kysely';

export type CardKind = 'customer' | 'user' | 'organization';

export type VcCardTable = {
  id_vc_card: Generated<number>;
  name: Generated<string>;
  id_organization: number | null;
  kuschick_id: string | null;
  ratio_id: string | null;
  /** customer | user | organization */
  kind: Generated<CardKind>;
  customer_type: Generated<string>;
  is_driver: Generated<number | boolean>;
  /** the customer wants the newsletter (spec §3 address field `newsletter`); in step with the newsletter contact */
  newsletter: Generated<number | boolean>;
  search_text: Generated<string>;
  /** DIN 5007 key of `name`, the first phone's national digits, the first e-mail in lower case (list sorting). */
  sort_name: Generated<string>;
  sort_phone: string | null;
  sort_email: string | null;
  /** when the customer was anonymised on request (GDPR, docs/adr/0034); null for everyone else */
  anonymised_at: string | Date | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

export type VcPersonTable = {
  id_vc_person: Generated<number>;
  id_vc_card: number;
  salutation: number | null;
  title: number | null;
  first_name: string | null;
  surname: string | null;
  birthday: string | null;
  passport_valid_until: string | null;
};

export type VcAddressTable = {
  id_vc_address: Generated<number>;
  id_vc_person: number;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  state: string | null;
  external_id: string | null;
};

export type VcFieldTable = {
  id_vc_field: Generated<number>;
  id_vc_person: number;
  /** 1 = e-mail, 2 = phone */
  id_vc_field_type: number;
  key: string;
  value: Generated<string>;
  position: Generated<number>;
  drop: Generated<number | boolean>;
};
