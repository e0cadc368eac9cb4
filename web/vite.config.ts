import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { inlineIcons } from '@wfm/ui/inline-icons';
import { defineConfig, type Plugin } from 'vite';
import { bootScript } from './build/boot-script.ts';
import { budgetTable, overBudget, routeFigures, type BudgetChunk } from './build/js-budget.ts';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';
import { paths, ROUTE_ID } from './src/config/paths.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/**
 * Writes `routes.json` into the build: the app's route patterns, which the gateway reads to answer
 * a path the app has no route for with 404 (not 200 and a drawn "Page Not Found"), and a detail
 * path whose id is no id (router.tsx, numericId) with 404 too. The list is paths.ts, the router's own.
 */
function routeManifest(): Plugin {
  return {
    name: 'wfm-route-manifest',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle() {
      const routes = Object.values(paths).map((route) => route.path);
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: `${JSON.stringify({ routes, id: ROUTE_ID.source }, null, 2)}\n` });
    },
  };
}

/** Issue 27's target: at most this much compressed JavaScript before a public route is interactive. */
const JS_TARGET_KB = 150;
/**
 * The rows over the target: the figure of the day plus about 5 KB (chunk boundaries move a little
 * with unrelated changes), a ratchet that lowers as they shrink; an entry goes when its row reaches
 * the target, and a row without one is held to JS_TARGET_KB (docs/decisions.md, 2026-11-28,
 * JavaScript budget steps three to seven). Every route is within the target since step six, and the
 * first visit to /new (the terms) since step seven, so the list is empty. What remains in every route
 * (123 KB): React 66 KB, zod + TanStack Query 31 KB, the shell 13 KB, the session 3 KB, cn 2.5 KB; with
 * tabs, @wfm/ui's own tabs (about 1 KB). No page imports Radix Dialog and its layers (about 14 KB): they
 * load with a dialog's first opening; the terms, which open with /new's first render, are a native
 * `<dialog>` without them.
 */
const JS_BUDGET_KB: Partial<Record<keyof typeof paths | 'notFound' | 'newPostTerms', number>> = {};

/** The page module of each route: paths.ts's key in kebab case under src/routes (router.tsx). */
const pageModule = (key: string) => `/src/routes/${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.tsx`;
/**
 * The rows of the table: each route's page, and /new on a visit that must accept the terms first
 * (app/router.tsx loads the terms modal's code before that page renders; held to the target like a
 * route, so what that modal imports cannot grow back unseen).
 */
const ROWS: [route: string, budgetKey: keyof typeof JS_BUDGET_KB, modules: string | string[]][] = [
  ...Object.entries(paths).map(([key, route]) => [route.path, key as keyof typeof paths, pageModule(key)] as [string, keyof typeof paths, string]),
  ['/new, terms not yet accepted', 'newPostTerms', [pageModule('newPost'), '/src/features/create-post/components/terms-modal.tsx']],
  ['(not found)', 'notFound', '/src/routes/not-found.tsx'],
];
const PAGE_MODULES = Object.fromEntries(ROWS.map(([route, , modules]) => [route, modules]));
const BUDGET_BYTES = Object.fromEntries(ROWS.map(([route, key]) => [route, (JS_BUDGET_KB[key] ?? JS_TARGET_KB) * 1024]));

/** Prints each route's compressed JavaScript before it is interactive; fails the build over budget (build/js-budget.ts). */
function jsBudget(): Plugin {
  return {
    name: 'wfm-js-budget',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c as BudgetChunk] : []));
      const figures = routeFigures(chunks, PAGE_MODULES, BUDGET_BYTES);
      this.info(`JavaScript before interactive, per route:\n${budgetTable(figures)}`);
      const over = overBudget(figures);
      if (over.length > 0) this.error(`JavaScript budget exceeded (web/build/js-budget.ts):\n${over.join('\n')}`);
    },
  };
}

/** Files worth compressing: text, at least 1 KB. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible build output, once, at the best
 * levels, so the gateway sends them as they are (@fastify/static `preCompressed`) instead of the
 * raw bytes or a compression per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let firstFiles: string[] = [];
  let written = false;
  return {
    name: 'wfm-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      firstFiles = filesOfFirstVisit(bundle);
      written = true;
    },
    async closeBundle() {
      // A build that failed (the JS budget) wrote nothing: its own error is the one to show.
      if (!written) return;
      await deferAppScripts(outDir, firstFiles);
      const files = (await readdir(outDir, { recursive: true })).map((f) => path.join(outDir, f));
      await Promise.all(
        files.map(async (file) => {
          if (!COMPRESSIBLE.test(file) || (await stat(file)).size < 1024) return;
          const bytes = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gz(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];

/**
 * The JavaScript files every first visit runs: the entry, the steps it imports dynamically
 * (main.tsx), and everything those import statically. Route pages, which the router loads, are not.
 */
function filesOfFirstVisit(bundle: Bundle): string[] {
  const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const files = new Set<string>();
  const add = (file: string) => {
    const chunk = chunks.get(file);
    if (!chunk || files.has(file)) return;
    files.add(file);
    for (const imported of chunk.imports) add(imported);
  };
  add(entry.fileName);
  for (const step of entry.dynamicImports) add(step);
  files.delete(entry.fileName);
  return [...files].map((file) => `/${file}`);
}

/**
 * Replaces the entry `<script type="module">` and its `modulepreload` links in the built index.html
 * with one small classic script in the head (`assets/boot-<hash>.js`, build/boot-script.ts) that
 * adds them after the first paint and, until React has hydrated the server's markup, holds the
 * clicks on the controls marked for it (no lost clicks). A server-rendered page (gateway/src/html-pages.ts)
 * then paints its content from the HTML and CSS alone: with the modules in the head, the browser
 * fetched and ran about 700 KB of JavaScript before it painted anything it already had (a phone's
 * first paint waited for all of it).
 */
async function deferAppScripts(outDir: string, firstFiles: readonly string[]): Promise<void> {
  const file = path.join(outDir, 'index.html');
  const html = await readFile(file, 'utf8');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('index.html: no module entry script to defer');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const boot = bootScript(entry[1]!, firstFiles);
  const name = `assets/boot-${createHash('sha256').update(boot).digest('hex').slice(0, 10)}.js`;
  await writeFile(path.join(outDir, name), boot);
  let rewritten = html.replace(entry[0], '');
  for (const m of preloads) rewritten = rewritten.replace(m[0], '');
  // Not deferred: its click listeners are there before the first paint.
  rewritten = rewritten.replace(/<\/head>/, `  <script src="/${name}"></script>\n  </head>`);
  await writeFile(file, rewritten);
}

// The dev server forwards API, realtime and upload traffic to the gateway (PORT, default 8080).
const gateway = `http://localhost:${process.env.PORT || 8080}`;

/**
 * `vite build --ssr` (the second step of `npm run build`): the server renderer, src/entry-server.tsx,
 * as one self-contained module graph in dist-ssr/ (every dependency bundled, React's production
 * build), which the gateway imports from the build output (gateway/src/html-pages.ts).
 */
const ssrBuild = defineConfig({
  plugins: [react(), inlineIcons()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: {
      input: 'src/entry-server.tsx',
      output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
    },
  },
});

const clientBuild = defineConfig({
  plugins: [react(), tailwindcss(), inlineIcons(), zodWithoutJsonSchema(), routeManifest(), jsBudget(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway },
      '/uploads': { target: gateway },
      '/ws': { target: gateway, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: false,
    rolldownOptions: {
      // Building a zod schema has no effect beyond its value, but the bundler cannot know it: every
      // schema of every imported contract module was built on the first visit, used or not (the
      // first page's script evaluation was the longest task on a phone). `z.*` calls (and calls
      // chained on them) count as pure, so unused schemas are dropped. zod-config.ts calls
      // `config`, imported by name, which stays.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        // Only the ones every page needs are grouped; a catch-all vendor group (and a charts group,
        // which took shared helpers such as clsx with it) put libraries that only some pages use
        // into every first visit. Left alone, the bundler keeps them with the pages that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Apart from React: main.tsx evaluates the two in separate tasks.
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            // zod-config.ts rides with zod: the chunk evaluates it right after zod, before any chunk
            // that builds a schema (in the entry chunk it would run after the chunks it imports).
            { name: 'data', test: /node_modules[\\/](@tanstack|zod)[\\/]|[\\/]src[\\/]app[\\/]zod-config\.ts$/ },
          ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : clientBuild));
