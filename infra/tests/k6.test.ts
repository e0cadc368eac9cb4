import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { PROXY_ROUTES } from '../../gateway/src/routes.ts';
import { INFRA_DIR, REPO_ROOT } from './support/paths.ts';

const K6_DIR = join(INFRA_DIR, 'k6');
const scripts = readdirSync(K6_DIR).filter((f) => f.endsWith('.js')).sort();
const libraries = readdirSync(join(K6_DIR, 'lib')).filter((f) => f.endsWith('.js')).map((f) => `lib/${f}`);

/** One script per hot path of issue 15 item 7 (and the two that cover the remaining public routes). */
const HOT_PATHS: Record<string, string> = {
  browse: 'feed-browsing.js',
  search: 'search.js',
  post: 'post-creation.js',
  comment: 'comment-upvote.js',
  'vote on a poll': 'poll-vote.js',
  'vote on a tool': 'tool-vote.js',
  'book a seat': 'ama-booking.js',
  'post a job': 'job-posting.js',
  'websocket clients': 'websocket-clients.js',
  'new visitors': 'visitor-token.js',
};

/** Parses a k6 script as an ES module (k6 itself cannot run here) and lists what it exports. */
function inspect(file: string) {
  const text = readFileSync(join(K6_DIR, file), 'utf8');
  const { diagnostics = [] } = ts.transpileModule(text, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: { allowJs: true, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const modifiers = (n: ts.Node) => (ts.canHaveModifiers(n) ? (ts.getModifiers(n) ?? []) : []);
  const exported = (n: ts.Node) => modifiers(n).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  let hasDefault = false;
  const functions: string[] = [];
  const imports: string[] = [];
  for (const st of source.statements) {
    if (ts.isImportDeclaration(st)) imports.push((st.moduleSpecifier as ts.StringLiteral).text);
    if (ts.isFunctionDeclaration(st) && exported(st)) {
      if (modifiers(st).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) hasDefault = true;
      else if (st.name) functions.push(st.name.text);
    }
    if (ts.isExportAssignment(st) && !st.isExportEquals) hasDefault = true;
  }
  return { diagnostics: diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')), hasDefault, functions, imports, text, source };
}

/**
 * The URL paths a script (or library) names: every string literal and every literal piece of a
 * template that starts with `/`, cut at `?`. `${BASE_URL}/api/posts/${id}?x=1` names `/api/posts/`.
 */
function pathsNamedIn(file: string): string[] {
  const { source } = inspect(file);
  const found: string[] = [];
  const add = (text: string) => {
    if (text.startsWith('/')) found.push(text.split('?')[0]!);
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node.text);
    if (ts.isTemplateExpression(node)) {
      add(node.head.text);
      for (const span of node.templateSpans) add(span.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The route-table prefix the gateway sends `path` to (the longest prefix that matches), if any. */
function routeOf(path: string): string | undefined {
  const matching = PROXY_ROUTES.filter((r) => path === r.prefix || path.startsWith(`${r.prefix}/`));
  return matching.sort((a, b) => b.prefix.length - a.prefix.length)[0]?.prefix;
}

/** The public routes of the table that no file in `files` names a path of. */
function uncoveredPublicRoutes(files: readonly string[]): string[] {
  const covered = new Set(files.flatMap(pathsNamedIn).map(routeOf));
  return PROXY_ROUTES.filter((r) => r.access === 'public' && !covered.has(r.prefix)).map((r) => r.prefix);
}

// k6's modules, just enough for the scripts' init code (options, metrics) to run under Node.
const K6_STUB = `
export default { expectedStatuses: (...codes) => ({ codes }), file: (data, name, type) => ({ data, name, type }) };
export const check = () => true;
export const fail = (message) => { throw new Error(message); };
export const sleep = () => {};
class Metric { constructor(name, isTime) { this.name = name; this.isTime = isTime; } add() {} }
export class Counter extends Metric {}
export class Trend extends Metric {}
export class Rate extends Metric {}
export class Gauge extends Metric {}
export class WebSocket {}
`;

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/**
 * Evaluates a script's init code as k6 would with `env` as __ENV: a fresh copy of infra/k6 whose
 * k6 imports point at stubs, so every evaluation reads its own environment.
 */
async function loadScript(file: string, env: Record<string, string> = {}): Promise<{ options: K6Options }> {
  const dir = mkdtempSync(join(tmpdir(), 'k6-scripts-'));
  copies.push(dir);
  cpSync(K6_DIR, dir, { recursive: true });
  writeFileSync(join(dir, 'k6-stub.mjs'), K6_STUB);
  for (const name of [...scripts, ...libraries]) {
    const stub = relative(join(dir, name, '..'), join(dir, 'k6-stub.mjs')).replace(/^(?!\.)/, './');
    const text = readFileSync(join(dir, name), 'utf8').replace(/from '(k6(?:\/[a-z-]+)*)'/g, `from '${stub}'`);
    writeFileSync(join(dir, name), text);
  }
  (globalThis as { __ENV?: Record<string, string> }).__ENV = env;
  try {
    return (await import(pathToFileURL(join(dir, file)).href)) as { options: K6Options };
  } finally {
    delete (globalThis as { __ENV?: Record<string, string> }).__ENV;
  }
}

interface K6Options {
  scenarios: Record<string, { executor: string; rate?: number; exec?: string; vus?: number }>;
  thresholds: Record<string, string[]>;
}

/** The `name` tags a script's requests carry (`tags: { name: 'x' }`). */
function requestNames(file: string): string[] {
  return [...inspect(file).text.matchAll(/tags: \{ name: '([a-z_]+)' \}/g)].map((m) => m[1]!);
}

describe('k6 scripts', () => {
  it('cover every hot path of issue 15', () => {
    for (const file of Object.values(HOT_PATHS)) expect(scripts).toContain(file);
  });

  it.each(scripts)('%s is a valid module exporting options (scenarios, thresholds) and what its scenarios run', async (file) => {
    const s = inspect(file);
    expect(s.diagnostics).toEqual([]);
    expect(s.imports.every((m) => m === 'k6' || m.startsWith('k6/') || m.startsWith('./lib/'))).toBe(true);
    // The base URL and the rate come from the environment through the shared settings.
    expect(s.imports).toContain('./lib/config.js');
    const { options } = await loadScript(file);
    expect(Object.keys(options.scenarios).length).toBeGreaterThan(0);
    for (const scenario of Object.values(options.scenarios)) {
      if (scenario.exec) expect(s.functions).toContain(scenario.exec);
      else expect(s.hasDefault).toBe(true);
    }
    expect(options.thresholds.http_req_failed).toEqual(['rate<0.01']);
  });

  it.each(scripts)('%s has a latency threshold for every kind of request it makes', async (file) => {
    const { options } = await loadScript(file);
    for (const name of new Set(requestNames(file))) expect(Object.keys(options.thresholds)).toContain(`http_req_duration{name:${name}}`);
    // getJson(path, name): its name is a request kind too.
    for (const [, name] of inspect(file).text.matchAll(/getJson\((?:`[^`]*`|'[^']*'), '([a-z_]+)'/g)) {
      expect(Object.keys(options.thresholds)).toContain(`http_req_duration{name:${name}}`);
    }
  });

  it('read BASE_URL and RATE (and DURATION) from the environment', async () => {
    const config = readFileSync(join(K6_DIR, 'lib/config.js'), 'utf8');
    for (const name of ['BASE_URL', 'RATE', 'DURATION']) expect(config).toContain(`__ENV.${name}`);
    const slow = await loadScript('search.js', { RATE: '3', DURATION: '5m' });
    const fast = await loadScript('search.js', { RATE: '40' });
    expect(slow.options.scenarios.search).toMatchObject({ executor: 'constant-arrival-rate', rate: 3, duration: '5m' });
    expect(fast.options.scenarios.search).toMatchObject({ rate: 40, duration: '1m' });
    const ws = await loadScript('websocket-clients.js', { CLIENTS: '5000', RATE: '2' });
    expect(ws.options.scenarios.listeners).toMatchObject({ vus: 5000 });
    expect(ws.options.scenarios.probes).toMatchObject({ rate: 2, exec: 'probe' });
  });

  it("hold the issues' targets: search p99 100 ms, feed p99 50 ms, websocket delivery p99 100 ms", async () => {
    const search = await loadScript('search.js');
    expect(search.options.thresholds['http_req_duration{name:search}']).toEqual(['p(99)<100']);
    const feed = await loadScript('feed-browsing.js');
    expect(feed.options.thresholds['http_req_duration{name:feed}']).toEqual(['p(99)<50']);
    // Issue 15 item 1: a post's HTML as fast as its JSON.
    expect(feed.options.thresholds['http_req_duration{name:post_page}']).toEqual(feed.options.thresholds['http_req_duration{name:post}']);
    const ws = await loadScript('websocket-clients.js');
    expect(ws.options.thresholds.ws_delivery).toEqual(['p(99)<100']);
    expect(ws.options.thresholds.ws_missed).toEqual(['count==0']);
  });

  it('type-check against the k6 API (@types/k6)', () => {
    const files = [...scripts, ...libraries].map((f) => join(K6_DIR, f));
    const program = ts.createProgram(files, {
      allowJs: true,
      checkJs: true,
      noEmit: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts'],
      types: ['k6'],
      typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${relative(K6_DIR, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(problems).toEqual([]);
  });

  it('cover every public route of the gateway route table, and /ws', () => {
    const files = [...scripts, ...libraries];
    expect(uncoveredPublicRoutes(files)).toEqual([]);
    expect(files.flatMap(pathsNamedIn)).toContain('/ws');
  });

  it('would notice a public route no script covers', () => {
    // Without the feedback script, reports and feature suggestions have no load.
    const files = [...scripts.filter((f) => f !== 'feedback.js'), ...libraries];
    expect(uncoveredPublicRoutes(files)).toEqual(['/api/report', '/api/feature-suggestions']);
    // Paths go to the longest matching prefix: session images are /uploads/ama, not /uploads.
    expect(routeOf('/uploads/ama/')).toBe('/uploads/ama');
    expect(routeOf('/uploads/')).toBe('/uploads');
    expect(routeOf('/api/postsX')).toBeUndefined();
  });

  it('are each described in infra/k6/README.md', () => {
    const readme = readFileSync(join(K6_DIR, 'README.md'), 'utf8');
    for (const file of scripts) expect(readme).toContain(file);
  });
});
