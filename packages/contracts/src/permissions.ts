/**
 * Rights are granted per area (spec §6). Each area lists the actions a role can be given;
 * the permission strings (`customers-read`, `newsletter-send`, …) are `${area}-${action}`.
 */
const CRUD = ['read', 'update', 'create', 'delete'] as const;

export const ACCESS_AREAS = {
  user: CRUD,
  appuser: CRUD,
  email: ['read', 'sort', 'send', 'delete'],
  'email-folder': ['read'],
  chat: CRUD,
  configs: CRUD,
  imagedb: [...CRUD, 'shared'],
  thirdparty: CRUD,
  internet: CRUD,
  newsletter: [...CRUD, 'send'],
  todo: CRUD,
  calendar: CRUD,
  customers: CRUD,
  myprofile: ['read', 'update'],
  myJourneys: ['read'],
  historyJourneys: ['read'],
  PackSuitcase: CRUD,
  Buslocation: ['read', 'update'],
  Diary: CRUD,
  journey: CRUD,
  TravelMenu: CRUD,
  pushmessage: [...CRUD, 'send'],
  appusermanagement: CRUD,
  vorgang: CRUD,
  process: CRUD,
  'app-process': CRUD,
  appusurvey: CRUD,
  agencydata: CRUD,
  documents: CRUD,
  shop: CRUD,
} as const satisfies Record<string, readonly string[]>;

export type AccessArea = keyof typeof ACCESS_AREAS;
export type AccessAction = (typeof ACCESS_AREAS)[AccessArea][number];
type AreaPermission<A extends AccessArea> = `${A}-${(typeof ACCESS_AREAS)[A][number]}`;
export type AreaPermissionName = { [A in AccessArea]: AreaPermission<A> }[AccessArea];
export type PermissionName = 'admin' | 'superadmin' | AreaPermissionName;

export const ACCESS_AREA_NAMES = Object.keys(ACCESS_AREAS) as AccessArea[];

export const ALL_ACTIONS = ['read', 'update', 'create', 'delete', 'send', 'sort', 'shared'] as const;

export type Access = Partial<Record<AccessArea, Partial<Record<AccessAction, boolean>>>>;

export function normalizeAccess(raw: Record<string, Record<string, boolean>>): Access {
  const result: Record<string, Record<string, boolean>> = {};
  for (const area of ACCESS_AREA_NAMES) {
    const granted = raw[area];
    if (!granted) continue;
    const actions: Record<string, boolean> = {};
    for (const action of ACCESS_AREAS[area]) {
      if (granted[action] === true) actions[action] = true;
    }
    if (Object.keys(actions).length > 0) result[area] = actions;
  }
  return result as Access;
}

/** Reads `access` as stored (JSON text); anything unreadable grants nothing. */
export function parseAccessText(text: string | null | undefined): Access {
  if (!text) return {};
  try {
    const raw: unknown = JSON.parse(text);
    return raw && typeof raw === 'object' ? normalizeAccess(raw as Record<string, Record<string, boolean>>) : {};
  } catch {
    return {};
  }
}

/** The permission strings granted by an access map, e.g. `{ customers: { read: true } }` → `customers-read`. */
export function permissionsFromAccess(access: Access): AreaPermissionName[] {
  const names: string[] = [];
  for (const area of ACCESS_AREA_NAMES) {
    for (const action of ACCESS_AREAS[area]) {
      const granted = access[area] as Record<string, boolean | undefined> | undefined;
      if (granted?.[action] === true) names.push(`${area}-${action}`);
    }
  }
  return names as AreaPermissionName[];
}

export const isPermissionName = (value: string): value is PermissionName => {
  if (value === 'admin' || value === 'superadmin') return true;
  const dash = value.lastIndexOf('-');
  const area = value.slice(0, dash) as AccessArea;
  const action = value.slice(dash + 1);
  return dash > 0 && Object.hasOwn(ACCESS_AREAS, area) && (ACCESS_AREAS[area] as readonly string[]).includes(action);
};

/** What the permission check needs to know of a user (the `permissions` object of GET /userdata). */
export type PermissionSubject = { admin: boolean; role: string; access: Access };

/**
 * The check rule of spec §6, used by the server and the web app alike:
 * - `superadmin`: the admin flag is set and the role is named `superadmin`;
 * - `admin`: the admin flag is set;
 * - any other name: the admin flag is set, or the access map grants it.
 */
export function hasPermission(subject: PermissionSubject | null | undefined, name: PermissionName): boolean {
  if (!subject) return false;
  if (name === 'superadmin') return subject.admin && subject.role === 'superadmin';
  if (subject.admin) return true;
  if (name === 'admin') return false;
  const dash = name.lastIndexOf('-');
  const area = name.slice(0, dash) as AccessArea;
  const action = name.slice(dash + 1);
  const granted = subject.access[area] as Record<string, boolean | undefined> | undefined;
  return granted?.[action] === true;
}

/** A list of permissions means any one suffices (spec §2). */
export function hasAnyPermission(
  subject: PermissionSubject | null | undefined,
  names: readonly PermissionName[],
): boolean {
  return names.some((name) => hasPermission(subject, name));
}
