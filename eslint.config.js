import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const noEnums = { selector: 'TSEnumDeclaration', message: 'Use a union of string literals instead of an enum.' };

/** Server code that must not hold SQL: everything but repositories, the database layer, the list engine and tests. */
const SQL_STATEMENT_CALL =
  'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|with|withRecursive)$/]';

/** The web features (apps/web/src/features/<name>/): each may use the shell and shared/, never another feature. */
const webFeatures = readdirSync(join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'e2e/.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', noEnums],
    },
  },
  {
    // Repositories own all SQL (docs/ARCHITECTURE.md): services, routes, lib and plugins call repository functions.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/db/**',
      // The list engine builds the ORDER BY and search parts of every list query it is handed.
      'apps/server/src/lib/list-query.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        noEnums,
        {
          selector: SQL_STATEMENT_CALL,
          message: 'SQL belongs in a *.repository.ts file; call a repository function instead.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
          message: 'SQL belongs in a *.repository.ts file; call a repository function instead.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        noEnums,
        {
          // axe: aria-progressbar-name (serious). A spinner in a button is named too: the button's text says what
          // is being done, the spinner that something is under way.
          selector: "JSXOpeningElement[name.name='CircularProgress']:not(:has(JSXAttribute[name.name='aria-label']))",
          message:
            'A spinner needs an accessible name: aria-label={translate(…)} (or ui/page-loading.tsx, ui/button-spinner.tsx).',
        },
        {
          selector: 'JSXAttribute[name.name=/^aria-label/][value.value=/^[\\s….]*$/]',
          message: 'An accessible name says something in words, through i18n.',
        },
      ],
      // react-admin's date inputs and fields follow the browser's language (mm/dd/yyyy in an English browser).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-admin',
              importNames: ['DateInput', 'DateTimeInput', 'DateField'],
              message: 'Dates are DD.MM.YYYY everywhere: use ui/date-input.tsx and ui/formatted-fields.tsx.',
            },
            {
              name: 'react-admin',
              importNames: ['Loading'],
              message: 'Its spinner has no accessible name: use ui/page-loading.tsx (PageLoading).',
            },
            {
              name: 'react-admin',
              importNames: ['HttpError'],
              message:
                'api() throws the HttpError of lib/api-client.ts: react-admin’s is another class, so `instanceof` would never match.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shell loads before any screen: it takes the zod-free contract modules by path, keeping zod
    // (and every schema) out of the initial bundle.
    files: ['apps/web/src/{main,app}.tsx', 'apps/web/src/{lib,layout,ui,pages}/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tourdesk/contracts',
              message:
                'Import from @tourdesk/contracts/<module> (permissions, format, list, …) to keep zod out of the initial bundle.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./(?!${feature}/|\\.\\./)|.*/features/(?!${feature}/))`,
              message: `A feature never imports another feature: move what ${feature} shares to apps/web/src/shared/ (or reach it through the API).`,
            },
          ],
        },
      ],
    },
  })),
);
