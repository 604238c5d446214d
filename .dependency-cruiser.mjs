/**
 * Module boundaries of the server (docs/ARCHITECTURE.md, "Boundaries"), checked by `npm run check`.
 *
 * - lib/, db/ and plugins/ are below the features: they import no feature.
 * - A feature reaches another feature only through its service (`*.service.ts`), never its repository,
 *   routes or helpers; another feature's table types may be imported as types.
 * - db/schema.ts assembles the features' table types into the database type (type-only imports).
 */
const SRC = '^apps/server/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'infrastructure-imports-no-feature',
      severity: 'error',
      comment: 'lib/, db/ and plugins/ sit below the features and must not depend on one.',
      from: {
        path: `${SRC}(lib|db|plugins)/`,
        pathNot: ['\\.test\\.ts$', `${SRC}db/schema\\.ts$`],
      },
      to: { path: `${SRC}features/` },
    },
    {
      name: 'schema-takes-only-table-types',
      severity: 'error',
      comment: 'db/schema.ts may only collect the features\u2019 table types, as types.',
      from: { path: `${SRC}db/schema\\.ts$` },
      to: { path: `${SRC}features/`, pathNot: '\\.table\\.ts$' },
    },
    {
      name: 'feature-through-service-only',
      severity: 'error',
      comment: 'A feature reaches another only through its service (*.service.ts); tables only as types.',
      from: { path: `${SRC}features/([^/]+)/`, pathNot: ['\\.test\\.ts$'] },
      to: {
        path: `${SRC}features/([^/]+)/`,
        pathNot: [`${SRC}features/$1/`, '\\.service\\.ts$', '\\.table\\.ts$'],
      },
    },
    {
      name: 'other-feature-tables-as-types-only',
      severity: 'error',
      comment: 'Another feature\u2019s table file is imported for its types only.',
      from: { path: `${SRC}features/([^/]+)/` },
      to: {
        path: `${SRC}features/([^/]+)/[^/]+\\.table\\.ts$`,
        pathNot: `${SRC}features/$1/`,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-circular-features',
      severity: 'error',
      comment: 'Features that need each other both ways should share a lower module instead.',
      from: { path: `${SRC}` },
      to: { circular: true, path: `${SRC}` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
