import type { FastifyBaseLogger } from 'fastify';
import { createBrand } from '../features/brands/brands.service.ts';
import { createOrganization } from '../features/organizations/organizations.service.ts';
import { seedDefaultSettings } from '../features/settings/settings.service.ts';
import type { DbContext } from '../types.ts';
import { createRoleFixture, createUserFixture, DEMO_PASSWORD, DEMO_ROLES } from './factories.ts';

export const DEMO_AGENCIES = ['Reisebüro Sonnenschein GmbH', 'Reiseland Nord Touristik'] as const;

async function isEmpty(ctx: DbContext): Promise<boolean> {
  const row = await ctx.db.selectFrom('user_account').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Demo data for a browsable first start: two brands, the settings defaults, the six demo accounts
 * of the README (password `Demo1234!`) and two agencies. Runs only on an empty database.
 */
export async function seedDemoData(ctx: DbContext, log?: FastifyBaseLogger): Promise<boolean> {
  await seedDefaultSettings(ctx);
  if (!(await isEmpty(ctx))) return false;

  await createBrand(ctx, {
    host: 'localhost',
    isDevelopment: true,
    name: 'Tourdesk',
    company: 'Alpenblick Busreisen GmbH',
    street: 'Bahnhofstraße 12',
    zip: '87527',
    city: 'Sonthofen',
    tel: '+49 8321 123450',
    fax: '+49 8321 123459',
    email: 'info@alpenblick-reisen.example',
    web: 'https://alpenblick-reisen.example',
    court: 'Amtsgericht Kempten',
    RegistrationNumber: 'HRB 12345',
    companyId: 'DE123456789',
    pushChannel: 'alpenblick',
    primaryColor: '#004a69',
    legalLinks: {
      imprint: 'https://alpenblick-reisen.example/impressum',
      privacy: 'https://alpenblick-reisen.example/datenschutz',
      terms: 'https://alpenblick-reisen.example/agb',
    },
  });
  await createBrand(ctx, {
    host: '127.0.0.1',
    name: 'Nordlicht Reisen',
    company: 'Nordlicht Reisen KG',
    street: 'Am Hafen 3',
    zip: '24103',
    city: 'Kiel',
    tel: '+49 431 987650',
    email: 'service@nordlicht-reisen.example',
    web: 'https://nordlicht-reisen.example',
    court: 'Amtsgericht Kiel',
    RegistrationNumber: 'HRA 4711',
    companyId: 'DE987654321',
    pushChannel: 'nordlicht',
    primaryColor: '#7a2e0e',
    legalLinks: {
      imprint: 'https://nordlicht-reisen.example/impressum',
      privacy: 'https://nordlicht-reisen.example/datenschutz',
      terms: 'https://nordlicht-reisen.example/agb',
    },
  });

  const roles: Record<string, number> = {};
  for (const name of Object.keys(DEMO_ROLES)) roles[name] = (await createRoleFixture(ctx, name)).id_roles;

  const agencyIds: number[] = [];
  for (const name of DEMO_AGENCIES) agencyIds.push(await createOrganization(ctx, { name }));

  const accounts = [
    {
      email: 'superadmin@example.com',
      firstname: 'Stefan',
      lastname: 'Hartmann',
      role: roles.superadmin!,
      kind: 'staff' as const,
    },
    { email: 'admin@example.com', firstname: 'Andrea', lastname: 'Köhler', role: roles.admin!, kind: 'staff' as const },
    { email: 'office@example.com', firstname: 'Jürgen', lastname: 'Weiß', role: roles.office!, kind: 'staff' as const },
    {
      email: 'agency@example.com',
      firstname: 'Petra',
      lastname: 'Schäfer',
      role: roles.agency!,
      kind: 'staff' as const,
      agencyId: agencyIds[0]!,
    },
    {
      email: 'traveller@example.com',
      firstname: 'Thomas',
      lastname: 'Müller',
      role: roles.traveller!,
      kind: 'app' as const,
      ratio_id: '100234',
    },
    {
      email: 'driver@example.com',
      firstname: 'Dieter',
      lastname: 'Bäumer',
      role: roles.driver!,
      kind: 'app' as const,
      isDriver: true,
    },
  ];
  for (const { kind, ...account } of accounts) {
    await createUserFixture(ctx, kind, {
      ...account,
      password: DEMO_PASSWORD,
      passwordRepeat: DEMO_PASSWORD,
      city: 'Sonthofen',
      zip: '87527',
      phones: [
        {
          type: 'phone-business',
          value: '+49 8321 1234' + (accounts.findIndex((a) => a.email === account.email) + 10),
        },
      ],
      emails: [{ type: 'email-business', value: account.email }],
    });
  }
  log?.info('demo data seeded');
  return true;
}
