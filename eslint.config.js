// `npm run lint`, with the import boundaries (.dependency-cruiser.mjs) and the format (Prettier).
// - typescript-eslint's recommended rules over all of our code, tests and benchmarks included;
// - every regular expression in what runs guarded against super-linear backtracking: input from a
//   reader must never make one pattern hold the event loop (README, 安全).
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', '.astro/', 'test-results/', 'playwright-report/', 'backups/', 'exports/'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore names what is left out on purpose: the rest of an object without it, an unused parameter.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // A test reads answers of any shape and asserts on their fields: its helpers answer `any` by default.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx,js,mjs}', 'scripts/**/*.{ts,mjs}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
);
