import type { Generated } from 'kysely';

export type AuditLogTable = {
  id: Generated<number>;
  at: Generated<string | Date>;
  action: string;
  user_id: number | null;
  email: string | null;
  ip: string | null;
  method: string | null;
  url: string | null;
  detail: string | null;
};

export type AuthThrottleTable = {
  key: string;
  failures: Generated<number>;
  window_start: string | Date;
};

export type AppSecretTable = {
  name: string;
  value: string;
  created_at: Generated<string | Date>;
};
