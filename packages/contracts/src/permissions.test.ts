import { describe, expect, it } from 'vitest';
import {
  hasAnyPermission,
  hasPermission,
  isPermissionName,
  normalizeAccess,
  parseAccessText,
  permissionsFromAccess,
  type PermissionSubject,
} from './permissions.ts';

const SPEC_PERMISSION_STRINGS = [
  'admin',
  'superadmin',
  'agencydata-read',
  'email-read',
  'email-folder-read',
  'chat-read',
  'user-read',
  'customers-read',
  'vorgang-read',
  'process-read',
  'imagedb-read',
  'shop-read',
  'newsletter-read',
  'appusermanagement-read',
  'appusurvey-read',
  'internet-read',
  'todo-read',
  'calendar-read',
  'configs-read',
  'myprofile-read',
  'myJourneys-read',
  'app-process-read',
  'PackSuitcase-read',
  'Buslocation-read',
  'Diary-read',
  'TravelMenu-read',
  'pushmessage-read',
  'documents-read',
];

const subject = (admin: boolean, role: string, access: PermissionSubject['access'] = {}): PermissionSubject => ({
  admin,
  role,
  access,
});

describe('the permission rule of spec §6', () => {
  it('knows every permission string of the specification', () => {
    for (const name of SPEC_PERMISSION_STRINGS) expect(isPermissionName(name), name).toBe(true);
    expect(isPermissionName('customers-fly')).toBe(false);
    expect(isPermissionName('nothing-read')).toBe(false);
  });

  it('superadmin: admin flag set and role named superadmin', () => {
    expect(hasPermission(subject(true, 'superadmin'), 'superadmin')).toBe(true);
    expect(hasPermission(subject(true, 'admin'), 'superadmin')).toBe(false);
    expect(hasPermission(subject(false, 'superadmin'), 'superadmin')).toBe(false);
  });

  it('admin: the admin flag alone decides', () => {
    expect(hasPermission(subject(true, 'whatever'), 'admin')).toBe(true);
    expect(hasPermission(subject(false, 'admin', { user: { read: true } }), 'admin')).toBe(false);
  });

  it('any other name: the admin flag, or the access map granting exactly that right', () => {
    const office = subject(false, 'office', { customers: { read: true, update: true } });
    expect(hasPermission(office, 'customers-read')).toBe(true);
    expect(hasPermission(office, 'customers-update')).toBe(true);
    expect(hasPermission(office, 'customers-delete')).toBe(false);
    expect(hasPermission(office, 'vorgang-read')).toBe(false);
    expect(hasPermission(subject(true, 'admin'), 'vorgang-delete')).toBe(true);
    expect(hasPermission(null, 'customers-read')).toBe(false);
  });

  it('a list of permissions: any one suffices', () => {
    const office = subject(false, 'office', { email: { read: true } });
    expect(hasAnyPermission(office, ['chat-read', 'email-read'])).toBe(true);
    expect(hasAnyPermission(office, ['chat-read', 'admin'])).toBe(false);
  });

  it('derives the permission strings from access and drops unknown areas and actions', () => {
    const access = normalizeAccess({
      customers: { read: true, delete: false, fly: true },
      'email-folder': { read: true },
      bogus: { read: true },
    });
    expect(access).toEqual({ customers: { read: true }, 'email-folder': { read: true } });
    expect(permissionsFromAccess(access)).toEqual(['email-folder-read', 'customers-read']);
  });

  it('reads stored access text defensively', () => {
    expect(parseAccessText('{"user":{"read":true}}')).toEqual({ user: { read: true } });
    expect(parseAccessText('not json')).toEqual({});
    expect(parseAccessText('null')).toEqual({});
    expect(parseAccessText(null)).toEqual({});
  });
});
