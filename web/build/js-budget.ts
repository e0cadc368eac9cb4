import { gzipSync } from 'node:zlib';

/**
 * The JavaScript budget of each public route (issue 27 item 4): the compressed JavaScript a visitor's
 * browser loads before the route's page is interactive — the entry, the steps main.tsx imports, the
 * route's page chunk and everything these import statically. Code a page imports dynamically
 * (charts, dialogs, markdown editing) loads when needed and does not count. web/vite.config.ts
 * prints every route's figure on each build and fails the build when one exceeds its budget.
 */

/** What the check needs of a bundle's chunk (Rollup/Rolldown `OutputChunk`). */
export interface BudgetChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: readonly string[];
  dynamicImports: readonly string[];
  facadeModuleId: string | null;
}

export interface RouteFigure {
  route: string;
  /** gzip -9 bytes of the route's JavaScript before it is interactive. */
  bytes: number;
  budget: number;
  files: string[];
}

/** Every chunk `start` loads: itself and what it imports statically, transitively. */
function withStaticImports(chunks: ReadonlyMap<string, BudgetChunk>, start: Iterable<string>, into = new Set<string>()): Set<string> {
  const add = (file: string) => {
    const chunk = chunks.get(file);
    if (!chunk || into.has(file)) return;
    into.add(file);
    for (const imported of chunk.imports) add(imported);
  };
  for (const file of start) add(file);
  return into;
}

/** The entry, the steps it imports dynamically (main.tsx) and their static imports: every visit's JavaScript. */
export function firstVisitFiles(chunks: ReadonlyMap<string, BudgetChunk>): Set<string> {
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  return withStaticImports(chunks, [entry.fileName, ...entry.dynamicImports]);
}

/**
 * Each route's figure: the first visit's files plus the chunk whose module is the route's page
 * (`pages[route]`, a path ending like `/src/routes/post.tsx`) and its static imports. A row may name
 * more modules after the page: code the route loads before it renders in some visits (the terms on a
 * first visit to /new), each with its static imports.
 */
export function routeFigures(
  bundle: readonly BudgetChunk[],
  pages: Readonly<Record<string, string | readonly string[]>>,
  budgets: Readonly<Record<string, number>>,
  sizeOf: (chunk: BudgetChunk) => number = (chunk) => gzipSync(chunk.code, { level: 9 }).length,
): RouteFigure[] {
  const chunks = new Map(bundle.map((c) => [c.fileName, c] as const));
  const first = firstVisitFiles(chunks);
  const sizes = new Map<string, number>();
  const size = (file: string) => {
    let bytes = sizes.get(file);
    if (bytes === undefined) sizes.set(file, (bytes = sizeOf(chunks.get(file)!)));
    return bytes;
  };
  return Object.entries(pages).map(([route, modules]) => {
    const starts = (typeof modules === 'string' ? [modules] : modules).map((module) => {
      const chunk = bundle.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
      if (!chunk) throw new Error(`JS budget: no chunk is the page of ${route} (${module})`);
      return chunk.fileName;
    });
    const budget = budgets[route];
    if (budget === undefined) throw new Error(`JS budget: ${route} has no budget`);
    const files = [...withStaticImports(chunks, starts, new Set(first))];
    return { route, bytes: files.reduce((sum, file) => sum + size(file), 0), budget, files };
  });
}

/** The routes over their budget, as lines for the build's error. */
export function overBudget(figures: readonly RouteFigure[]): string[] {
  return figures
    .filter((f) => f.bytes > f.budget)
    .map((f) => `${f.route}: ${kb(f.bytes)} KB of compressed JavaScript, budget ${kb(f.budget)} KB`);
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The table the build prints. */
export function budgetTable(figures: readonly RouteFigure[]): string {
  const width = Math.max(...figures.map((f) => f.route.length));
  return figures
    .map((f) => `  ${f.route.padEnd(width)}  ${kb(f.bytes).padStart(6)} KB gzip  (budget ${kb(f.budget)} KB)${f.bytes > f.budget ? '  OVER' : ''}`)
    .join('\n');
}
