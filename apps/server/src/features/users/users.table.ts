import type { Generated } from 'kysely';

/** Back-office accounts (`staff`, including agency users) and traveller/driver accounts (`app`). */
export type UserKind = 'staff' | 'app';

export type UserAccountTable = {
  id: Generated<number>;
  kind: UserKind;
  email: string;
  password_hash: string | null;
  firstname: Generated<string>;
  lastname: Generated<string>;
  street: string | null;
  number: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  nationality: string | null;
  state: string | null;
  sex: number | null;
  birthday: string | null;
  placeofbirth: string | null;
  maritalstatus: number | null;
  id_roles: number | null;
  status: string | null;
  username: string | null;
  is_driver: Generated<number | boolean>;
  ratio_id: string | null;
  kuschick_id: string | null;
  is_active: Generated<number | boolean>;
  avatar: string | null;
  id_vc_card: number | null;
  last_login_at: string | Date | null;
  previous_login_at: string | Date | null;
  tokens_valid_after: string | Date | null;
  /** The language mails to this user are written in (de, en, es, ru). */
  language: Generated<string>;
  search_text: Generated<string>;
  /** DIN 5007 keys of the names and the first phone's national digits (list sorting). */
  sort_lastname: Generated<string>;
  sort_firstname: Generated<string>;
  sort_phone: string | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
