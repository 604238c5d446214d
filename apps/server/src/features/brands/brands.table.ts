import type { Generated } from 'kysely';

export type BrandTable = {
  id: Generated<number>;
  host: string;
  is_development: Generated<number | boolean>;
  name: string;
  logo: string | null;
  company: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  tel: string | null;
  fax: string | null;
  email: string | null;
  web: string | null;
  court: string | null;
  registration_number: string | null;
  company_id: string | null;
  push_channel: string | null;
  primary_color: string | null;
  /** JSON: { imprint, privacy, terms } */
  legal_links: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
