// Lint: correctness rules only, no style (formatting is left as written). Kept small on purpose:
// the recommended sets of ESLint, typescript-eslint (syntactic, no type information, so it stays
// fast) and React hooks. See the "Lint" section of README.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Code that runs in the browser: the shell, the UI kit and every plugin's React remote.
const browserCode = [
  'host/src/**',
  'sdk/src/ui/**',
  'plugins/*/client/**',
  'examples/*/client/**',
  '**/*.tsx',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      'data/**',
      '.tmp/**',
      'bench/results/**',
      'test/e2e/screenshots/**',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // `_name` marks a parameter a signature needs but the body does not; `{ a: _, ...rest }` drops a key
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: browserCode,
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
);
