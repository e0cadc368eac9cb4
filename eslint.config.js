// Lint: typescript-eslint recommended rules plus the import boundaries of STYLE.md —
// a service never imports another service (or the gateway), web features never import each
// other, shared code never imports features, and no import cycles — kebab-case file and folder
// names, and no lone blocks. infra/tests/lint.test.ts proves each of these rules really fires.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';

// Zones and folder lists are relative to this file, not to the directory ESLint runs in: with
// process.cwd() (import-x's default) a run from a workspace folder silently checked no boundary.
const ROOT = import.meta.dirname;
const dirs = (path) =>
  existsSync(join(ROOT, path))
    ? readdirSync(join(ROOT, path), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    : [];

const services = dirs('services');
const serviceZones = services.flatMap((service) => [
  ...services
    .filter((other) => other !== service)
    .map((other) => ({
      target: `./services/${service}`,
      from: `./services/${other}`,
      message: 'A service never imports another service; call its HTTP API or use events (packages/ for shared code).',
    })),
  { target: `./services/${service}`, from: './gateway', message: 'Services do not import the gateway.' },
]);

const featureZones = ['web', 'admin-web'].flatMap((app) => {
  const features = dirs(`${app}/src/features`);
  return [
    ...features.map((feature) => ({
      target: `./${app}/src/features/${feature}`,
      from: `./${app}/src/features`,
      except: [`./${feature}`],
      message: 'Features do not import each other; move shared code to src/components or src/lib.',
    })),
    ...['components', 'hooks', 'lib', 'config'].map((shared) => ({
      target: `./${app}/src/${shared}`,
      from: `./${app}/src/features`,
      message: 'Shared code does not import features.',
    })),
  ];
});

const packageZones = [
  { target: './packages', from: './services', message: 'packages/ never import services.' },
  { target: './packages', from: './gateway', message: 'packages/ never import the gateway.' },
  { target: './packages', from: './web', message: 'packages/ never import the web apps.' },
  { target: './packages', from: './admin-web', message: 'packages/ never import the web apps.' },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '.data/**', 'test-results/**', 'coverage/**', 'infra/k6/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these two, import-x parses no .ts/.tsx file it follows, so no-cycle sees no edges
      // and reports nothing (it did for months). The resolver finds the files; these let it read them.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      // import-x's own resolver (unrs-resolver): package.json "exports" of the workspaces and
      // relative imports written with their .ts/.tsx extension, as tsconfig allows.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [...serviceZones, ...featureZones, ...packageZones] },
      ],
      'import-x/no-cycle': ['error', { maxDepth: 8, ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-lone-blocks': 'error',
    },
  },
  {
    // Kebab-case names (STYLE.md): `post-card.tsx`, `forum-routes.ts`, `use-session.ts`.
    // Numbered migrations keep node-pg-migrate's `001_name` form.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/migrations/**', '**/ts-migrations/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
);
