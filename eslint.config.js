// Lint rules, including the runtime boundary of the architecture: contract/ imports nothing of ours;
// src/ and sw/ never import server/; server/ never imports src/ or sw/.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const boundary = (patterns) => ({
  'no-restricted-imports': [
    'error',
    { patterns: patterns.map((group) => ({ group: [group], message: 'Only contract/ is shared between runtimes (architecture.md).' })) },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/route-tree.gen.ts', 'coverage/**', 'data/**', '.tmp/**', 'tests/bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...boundary(['**/server/**', '**/sw/**']) },
  },
  { files: ['sw/**/*.ts'], rules: boundary(['**/server/**', '**/src/**']) },
  { files: ['server/**/*.ts'], rules: boundary(['**/src/**', '**/sw/**']) },
  { files: ['contract/**/*.ts'], rules: boundary(['**/src/**', '**/sw/**', '**/server/**']) },
);
