import type { Access, CreateUserBody } from '@tourdesk/contracts';
import type { AuthUser, DbContext } from '../types.ts';
import { createRole } from '../features/roles/roles.service.ts';
import { createUser } from '../features/users/users.service.ts';
import type { UserKind } from '../features/users/users.table.ts';

/**
 * Factories shared by the demo data and the tests, so both exercise the same service rules.
 */
export const DEMO_PASSWORD = 'Demo1234!';

/** Acts for the system itself (seeding), with every right. */
export const SYSTEM_ACTOR: AuthUser = {
  id: 0,
  kind: 'staff',
  email: 'system',
  admin: true,
  role: 'superadmin',
  access: {},
  agencyId: null,
};

let sequence = 0;
export const nextSequence = () => ++sequence;

const crud = { read: true, update: true, create: true, delete: true };
const ruc = { read: true, update: true, create: true };

/** The demo roles of the README, by name. */
export const DEMO_ROLES: Record<string, { admin: boolean; access: Access }> = {
  superadmin: { admin: true, access: {} },
  admin: { admin: true, access: {} },
  office: {
    admin: false,
    access: {
      customers: ruc,
      vorgang: ruc,
      process: ruc,
      newsletter: ruc,
      internet: ruc,
      calendar: ruc,
      todo: ruc,
      chat: ruc,
      email: { read: true, sort: true, send: true },
      documents: ruc,
      myprofile: { read: true, update: true },
    },
  },
  agency: {
    admin: false,
    access: { agencydata: ruc, myprofile: { read: true, update: true } },
  },
  traveller: {
    admin: false,
    access: {
      myprofile: { read: true, update: true },
      myJourneys: { read: true },
      historyJourneys: { read: true },
      'app-process': { read: true },
      PackSuitcase: crud,
      Buslocation: { read: true },
      Diary: crud,
      TravelMenu: { read: true, create: true },
    },
  },
  driver: {
    admin: false,
    access: { myprofile: { read: true, update: true }, Buslocation: { read: true, update: true } },
  },
};

export async function createRoleFixture(
  ctx: DbContext,
  name: string,
  overrides: { admin?: boolean; access?: Access } = {},
) {
  const preset = DEMO_ROLES[name] ?? { admin: false, access: {} };
  return createRole(
    ctx,
    { role: name, admin: overrides.admin ?? preset.admin, access: overrides.access ?? preset.access },
    SYSTEM_ACTOR,
  );
}

export function makeUserBody(overrides: Partial<CreateUserBody> & { role: number }): CreateUserBody {
  const n = nextSequence();
  return {
    email: `user${n}@example.org`,
    password: DEMO_PASSWORD,
    passwordRepeat: DEMO_PASSWORD,
    firstname: 'Erika',
    lastname: `Mustermann${n}`,
    phones: [],
    emails: [],
    ...overrides,
    ...(overrides.password && !overrides.passwordRepeat ? { passwordRepeat: overrides.password } : {}),
  };
}

export async function createUserFixture(
  ctx: DbContext,
  kind: UserKind,
  overrides: Partial<CreateUserBody> & { role: number },
) {
  const body = makeUserBody(overrides);
  return createUser(ctx, kind, body, { actor: SYSTEM_ACTOR, skipRatioRule: true });
}
