import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', '.tmp/**', 'node_modules/**', 'data/**', 'demo-data/**', 'playwright-report/**', 'test-results/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify plugins and route handlers are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Domain boundaries (docs/architecture.md): each web feature and each server module is an element; the
    // plugin resolves every relative import to the file it names, so `../../slots/x` is caught like any path.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': [
        { type: 'web-feature', pattern: 'src/web/features/*', capture: ['feature'] },
        { type: 'server-module', pattern: 'src/server/modules/*', capture: ['module'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-feature' } } },
              message:
                'A web feature imports no other feature: move what both need to lib/, components/ or app/ (docs/architecture.md)',
            },
            {
              from: { element: { type: 'server-module' } },
              disallow: { to: { element: { type: 'server-module', fileInternalPath: '*.repository.ts' } } },
              message: "A module reaches another only through that module's service, never its repository (docs/architecture.md)",
            },
          ],
        },
      ],
    },
  },
  {
    // Only repositories (and the database layer itself) touch the ORM and the table definitions.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.repository.ts', 'src/server/db/**', 'src/server/**/*.test.ts', 'src/server/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema'],
              message: 'Only *.repository.ts files touch the ORM: call a repository through its service (docs/architecture.md)',
            },
          ],
        },
      ],
    },
  },
  {
    // Import boundaries: shared code runs in both places and imports neither side.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**', 'drizzle-orm*', 'react*', 'fastify*'], message: 'src/shared must not depend on the server or the web app' }] }],
    },
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', 'drizzle-orm*', 'fastify*', 'better-auth*', 'postgres', '@electric-sql/*'], message: 'The web app talks to the server only over HTTP' }] }],
    },
  },
  {
    // Every word a person reads comes from the catalogues (decision 038): a literal text in JSX, or in an attribute
    // a person reads or hears (a label, a title, a placeholder), is refused. Punctuation, numbers and CONSTANTS pass.
    files: ['src/web/**/*.tsx'],
    ignores: [
      '**/*.test.tsx',
      'src/web/test/**',
      // Not yet in the catalogues (issue 30 left them in English): admin-only screens, each to move to its namespace.
    ],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          message: 'A word people read goes in the catalogue (src/shared/i18n/locales): use t() from useT(), see docs/i18n.md',
          'jsx-attributes': {
            include: ['aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription', 'title', 'placeholder', 'alt', 'label', 'description', 'hint', 'heading', 'emptyText', 'confirmLabel', 'message'],
          },
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s·–—…×✓←→↑↓•◀▶▲▼★☆]+', '[A-Z_-]+'] },
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'src/server/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', console: 'readonly' },
    },
  },
);
