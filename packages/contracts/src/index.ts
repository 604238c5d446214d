// Everything, for the server and for lazily loaded screens. The initial web bundle imports the
// zod-free modules by their own paths (`@tourdesk/contracts/permissions`, …) so zod stays out of it.
export * from './access.schema.ts';
export * from './auth.schema.ts';
export * from './brand.ts';
export * from './brands.schema.ts';
export * from './errors.schema.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './format.ts';
export * from './list.schema.ts';
export * from './list.ts';
export * from './permissions.ts';
export * from './roles.schema.ts';
export * from './search.ts';
export * from './settings.schema.ts';
export * from './users.schema.ts';
export * from './contacts.schema.ts';
export * from './countries.schema.ts';
export * from './customers.schema.ts';
export * from './drivers.schema.ts';
export * from './organizations.schema.ts';
export * from './mail.schema.ts';
export * from './account.schema.ts';
export * from './boarding-points.schema.ts';
export * from './destinations.schema.ts';
export * from './journey-categories.schema.ts';
export * from './journeys.schema.ts';
