import type { Generated } from 'kysely';

/** One outside service's stored settings (docs/adr/0033); values here override the server's environment. */
export type ThirdPartySettingTable = {
  provider: string;
  /** JSON object of the plain values (host, port, URL, user name …) */
  settings: Generated<string>;
  /** The passwords and keys as one sealed JSON object (lib/secret-box.ts), or null when none is stored */
  secrets: string | null;
  updated_by: number | null;
  updated_at: Generated<string | Date>;
};
