import { describe, expect, it } from 'vitest';
import type { PermissionSubject } from '@tourdesk/contracts/permissions';
import { visibleMenu } from './app-menu.tsx';

const user = (permissions: PermissionSubject, agencyId: number | null = null) => ({
  permissions,
  vc_card: { id_vc_card: 1, name: 'Test', agencyId },
});

const targets = (subject: ReturnType<typeof user> | undefined) =>
  visibleMenu(subject).flatMap((group) => group.entries.map((entry) => entry.to));

describe('the navigation drawer by permission', () => {
  it('shows nothing without a user', () => {
    expect(visibleMenu(undefined)).toEqual([]);
  });

  it('hides an entry without its permission and a group without entries', () => {
    const driver = user({
      admin: false,
      role: 'driver',
      access: { myprofile: { read: true }, Buslocation: { read: true } },
    });
    expect(targets(driver)).toEqual(['/appuser/myProfile']);
    expect(visibleMenu(driver).map((group) => group.key)).toEqual(['myTrip']);
  });

  it('offers only screens that exist', () => {
    const superadmin = user({ admin: true, role: 'superadmin', access: {} }, 1);
    expect(targets(superadmin).sort()).toEqual(
      [
        '/agencies',
        '/agencies/myProfile',
        '/agencies/provision',
        '/agencies/customers',
        '/agencies/vorgang',
        '/agencies/booking',
        '/agencies/booking/index2',
        '/customers',
        '/customers/drivers',
        '/app/users',
        '/app/travelbag',
        '/app/emergencycall',
        '/app/pushnotifications',
        '/app/topics',
        '/users-disabled',
        '/appuser/myProfile',
        '/users',
        '/roles',
        '/system/settings',
        '/system/cronjobs',
        '/system/brands',
        '/system/import',
        '/defaultcomponent',
        '/email/debug',
        '/basedata/thirdparty',
        '/internet/journeys',
        '/internet/categories',
        '/internet/blog',
        '/internet/content',
        '/internet/destinations',
        '/internet/menu',
        '/products/productgroups',
        '/products/articlegroups',
        '/zustiege',
        '/zustiege/gruppen',
        '/seat-plans',
        '/survey/categories',
        '/survey/completions',
        '/survey/intros',
        '/survey/questions',
        '/survey/surveys',
        '/maps',
        '/newsletter/campaigns',
        '/vorgang',
        '/process',
        '/newsletter/templates',
        '/newsletter/analysis',
        '/mailjet',
        '/mailjet/debug',
        '/newsletter/contacts',
        '/newsletter/contactslist',
        '/imagedb/library',
        '/imagedb/history',
        '/time/todo',
        '/board',
        '/task',
        '/time/calendar',
        '/chat',
        '/email',
        '/email/accounts',
        '/documents',
      ].sort(),
    );
  });

  it('shows an entry with any one of its permissions and keeps superadmin entries for superadmins', () => {
    const admin = user({ admin: true, role: 'admin', access: {} });
    const superadmin = user({ admin: true, role: 'superadmin', access: {} });
    expect(targets(admin)).toContain('/roles');
    expect(targets(admin)).not.toContain('/system/settings');
    expect(targets(superadmin)).toContain('/system/settings');
    expect(targets(superadmin).length - targets(admin).length).toBe(5);
  });

  it('gives agency users their portal only with agencydata-read and an agency', () => {
    const access = { agencydata: { read: true } };
    expect(targets(user({ admin: false, role: 'agency', access }, 7))).toEqual([
      '/agencies/myProfile',
      '/agencies/provision',
      '/agencies/customers',
      '/agencies/vorgang',
    ]);
    // Booking screens need the create right as well.
    const booking = { agencydata: { read: true, create: true } };
    expect(targets(user({ admin: false, role: 'agency', access: booking }, 7))).toEqual([
      '/agencies/myProfile',
      '/agencies/provision',
      '/agencies/customers',
      '/agencies/booking',
      '/agencies/booking/index2',
      '/agencies/vorgang',
    ]);
    expect(targets(user({ admin: false, role: 'agency', access: booking }))).toEqual([]);
    expect(targets(user({ admin: false, role: 'agency', access }))).toEqual([]);
    expect(targets(user({ admin: true, role: 'admin', access: {} }))).not.toContain('/agencies/myProfile');
  });
});
