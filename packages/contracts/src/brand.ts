import type { Brand } from './brands.schema.ts';

/** The primary colour when a brand sets none (spec §9). */
export const DEFAULT_PRIMARY_COLOR = '#004a69';

/** The brand shown while no brand is configured for a host (nor a development host). */
export const fallbackBrand = (host: string): Brand => ({
  id: 0,
  host,
  isDevelopment: true,
  name: 'Tourdesk',
  logo: null,
  company: null,
  street: null,
  zip: null,
  city: null,
  tel: null,
  fax: null,
  email: null,
  web: null,
  court: null,
  RegistrationNumber: null,
  companyId: null,
  pushChannel: null,
  primaryColor: DEFAULT_PRIMARY_COLOR,
  legalLinks: {},
});
