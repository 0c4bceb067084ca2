import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'test-results/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Areas own their code: a feature never imports another feature (ARCHITECTURE habit 1). An import climbs out
  // of its area to src/ (lib/, stores/, components/, app/ are fine there) but not into another area. The number
  // of `../` that reaches src/ depends on how deep the importing file sits, hence one block per depth.
  ...[1, 2, 3, 4].map((depth) => {
    const toFeatures = '../'.repeat(depth);
    const toSrc = '../'.repeat(depth + 1);
    return {
      files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                // <to features/><other-area>/… is another area; `!` lets climbs up to src/ through, except back
                // down into features/.
                group: [`${toFeatures}*/**`, `!${toSrc}**`, `${toSrc}features/**`],
                message: 'Areas do not import each other: move shared code to components/ or lib/, or combine in a page.',
              },
            ],
          },
        ],
      },
    };
  }),

  {
    // The server reads configuration once, in config.ts (ARCHITECTURE habit 7).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/cli/**', 'apps/server/src/db/seeds/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in config.ts.' }],
    },
  },
);
