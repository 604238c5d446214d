import { describe, expect, it } from 'vitest';
import type { PermissionSubject } from '@tourdesk/contracts/permissions';
import { visibleMenu } from './app-menu.tsx';

const targets = (subject: PermissionSubject | null) =>
  visibleMenu(subject).flatMap((group) => group.entries.map((entry) => entry.to));

describe('the navigation drawer by permission', () => {
  it('shows nothing without a user', () => {
    expect(visibleMenu(null)).toEqual([]);
  });

  it('hides an entry without its permission and a group without entries', () => {
    const driver: PermissionSubject = {
      admin: false,
      role: 'driver',
      access: { myprofile: { read: true }, Buslocation: { read: true } },
    };
    expect(targets(driver)).toEqual(['/appuser/myProfile', '/appuser/Buslocation']);
    expect(visibleMenu(driver).map((group) => group.key)).toEqual(['myTrip']);
  });

  it('shows an entry with any one of its permissions and keeps superadmin entries for superadmins', () => {
    const admin: PermissionSubject = { admin: true, role: 'admin', access: {} };
    const superadmin: PermissionSubject = { admin: true, role: 'superadmin', access: {} };
    expect(targets(admin)).toContain('/roles');
    expect(targets(admin)).not.toContain('/system/settings');
    expect(targets(superadmin)).toContain('/system/settings');
    expect(targets(superadmin).length - targets(admin).length).toBe(5);
  });

  it('gives agency users their portal only with agencydata-read', () => {
    const agency: PermissionSubject = { admin: false, role: 'agency', access: { agencydata: { read: true } } };
    expect(targets(agency)).toEqual([
      '/agencies/myProfile',
      '/agencies/customers',
      '/agencies/vorgang',
      '/agencies/booking',
      '/agencies/provision',
    ]);
  });
});
