import type { ActionCodeTable } from '../features/account/account.table.ts';
import type { AppSecretTable, AuditLogTable, AuthThrottleTable } from '../features/auth/auth.table.ts';
import type { MailAttemptTable, MailOutboxTable } from '../features/mail/mail.table.ts';
import type { BrandTable } from '../features/brands/brands.table.ts';
import type { VcAddressTable, VcCardTable, VcFieldTable, VcPersonTable } from '../features/cards/cards.table.ts';
import type { LocCountryTable } from '../features/countries/countries.table.ts';
import type { OrganizationTable } from '../features/organizations/organizations.table.ts';
import type { RoleTable } from '../features/roles/roles.table.ts';
import type { SysSettingsTable } from '../features/settings/settings.table.ts';
import type { UserAccountTable } from '../features/users/users.table.ts';

/** The whole database as Kysely sees it; each feature declares its own tables. */
export type DB = {
  action_code: ActionCodeTable;
  app_secret: AppSecretTable;
  audit_log: AuditLogTable;
  auth_throttle: AuthThrottleTable;
  brand: BrandTable;
  loc_country: LocCountryTable;
  mail_attempt: MailAttemptTable;
  mail_outbox: MailOutboxTable;
  organization: OrganizationTable;
  role: RoleTable;
  sys_settings: SysSettingsTable;
  user_account: UserAccountTable;
  vc_address: VcAddressTable;
  vc_card: VcCardTable;
  vc_field: VcFieldTable;
  vc_person: VcPersonTable;
};
