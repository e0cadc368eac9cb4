import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The layout every service's `src` follows (docs/architecture.md, "How to add a service", step 2):
 *
 * - at the top, only the definition and its entry points (`app.ts`, `server.ts`, `worker.ts` for a
 *   separate worker process), the service's context when it extends the kit's (`context.ts`) and the two
 *   service-wide tables (`env.ts`, `rate-limits.ts`);
 * - everything else in `<area>/<area>-<name>.ts`: one level of kebab-case area folders, each file
 *   named after its area; route files are exactly `<area>-routes.ts` or `<area>-staff-routes.ts`;
 * - SQL only in `<area>-repository.ts`, or `<area>-<part>-repository.ts` where an area's queries are
 *   split by what they serve (`posts-comments-repository.ts`);
 * - "staff", not "admin", in file names, and in declared names outside the admin service (whose
 *   own name it is: `AdminContext`);
 * - service functions (`<area>-service.ts`, `<area>-<part>-service.ts`) take the kit-built context,
 *   never Fastify: only route modules and `app.ts` import it;
 * - `app.ts` has the one shape: `export const service: ServiceDefinition<...> = {...}` with its route
 *   modules listed in `routes: [...]`, and `export default service` — no factory.
 */
export const ROOT_FILES = ['app.ts', 'context.ts', 'server.ts', 'worker.ts', 'env.ts', 'rate-limits.ts'] as const;

const KEBAB = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** postgres.js tagged templates on a pool or transaction, `unsafe` text, and SQL statements in strings. */
const SQL_PATTERNS: Array<[RegExp, string]> = [
  [/\b(?:sql|db|tx|pool)\s*(?:<[^`;]*?>)?\s*`/, 'a tagged SQL template'],
  [/\.unsafe\s*\(/, 'sql.unsafe'],
  [/\bSELECT\s+(?:[\w*"(]|\$\{)/, 'SELECT'],
  [/\bINSERT\s+INTO\b/, 'INSERT'],
  [/\bUPDATE\s+\w+\s+SET\b/, 'UPDATE'],
  [/\bDELETE\s+FROM\b/, 'DELETE'],
  [/\b(?:CREATE|ALTER|DROP)\s+(?:TABLE|INDEX|SCHEMA|ROLE|EXTENSION)\b/, 'DDL'],
  [/\bTRUNCATE\s+/, 'TRUNCATE'],
  [/\bpg_(?:try_)?advisory_x?act_lock|pg_advisory_lock\b/, 'an advisory lock'],
];

const DECLARATION = /\b(?:const|let|var|function|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g;

/** Source text without comments, so a remark about SQL is not SQL. */
export function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

export interface LayoutProblem {
  file: string;
  problem: string;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** Where a service's `src` breaks the layout; empty when it follows it. */
export function serviceLayoutProblems(serviceDir: string, serviceName: string): LayoutProblem[] {
  const src = join(serviceDir, 'src');
  const problems: LayoutProblem[] = [];
  for (const path of listFiles(src)) {
    const file = relative(serviceDir, path).split(sep).join('/');
    const parts = relative(src, path).split(sep);
    const report = (problem: string) => problems.push({ file, problem });
    const name = parts.at(-1)!;
    if (!name.endsWith('.ts')) {
      report('only TypeScript modules belong in src');
      continue;
    }
    const base = name.slice(0, -'.ts'.length);
    let role: string | null = null;

    if (parts.length === 1) {
      if (!(ROOT_FILES as readonly string[]).includes(name)) {
        report(`a top-level file other than ${ROOT_FILES.join(', ')}: move it into src/<area>/<area>-<role>.ts`);
      }
    } else if (parts.length === 2) {
      const area = parts[0]!;
      if (!KEBAB.test(area)) report(`area folder "${area}" is not kebab-case`);
      if (!base.startsWith(`${area}-`) || !KEBAB.test(base)) {
        report(`not named <area>-<role>.ts after its area "${area}"`);
      } else {
        role = base.slice(area.length + 1);
        if (role.endsWith('routes') && role !== 'routes' && role !== 'staff-routes') {
          report(`route files are ${area}-routes.ts or ${area}-staff-routes.ts`);
        }
      }
    } else {
      report('nested deeper than src/<area>/: areas are one level');
    }

    // "super-admin" is a role's name (Super Admin), not the word for staff.
    if (/admin/i.test(file.slice('src/'.length).replace(/super-admin/g, ''))) {
      report('file or folder named "admin": inside services the word is "staff"');
    }

    const code = stripComments(readFileSync(path, 'utf8'));
    if (role !== 'repository' && !role?.endsWith('-repository')) {
      for (const [pattern, what] of SQL_PATTERNS) {
        if (pattern.test(code)) {
          report(`SQL (${what}) outside a *-repository.ts file`);
          break;
        }
      }
    }
    if ((role === 'service' || role?.endsWith('-service')) && /\bfrom\s*['"]fastify['"]/.test(code)) {
      report('a service module imports fastify: service functions take the context (ctx), routes read the request');
    }
    if (parts.length === 1 && name === 'app.ts') {
      if (!/export const service: ServiceDefinition(?:<\w+>)? = \{/.test(code)) {
        report('app.ts exports its definition as `export const service: ServiceDefinition<...> = {...}`');
      }
      if (!/\n\s*routes: \[/.test(code)) report('app.ts lists its route modules in `routes: [...]`');
      if (!/export default service;/.test(code)) report('app.ts ends with `export default service;`');
      if (/export (?:async )?function /.test(code)) report('app.ts exports no functions: one definition, no factory');
    }
    if (serviceName !== 'admin') {
      // Imported names (contract types such as AdminPost) are the contracts' words, not the service's.
      const declarations = code.replace(/\b(?:import|export)\s[^;]*?\bfrom\s*['"][^'"]+['"]/g, '');
      for (const match of declarations.matchAll(DECLARATION)) {
        if (/admin/i.test(match[1]!)) report(`declares "${match[1]}": inside services the word is "staff"`);
      }
    }
  }
  return problems;
}

/** Every service folder (services/<name> with a src folder). */
export function serviceDirs(servicesDir: string): Array<{ name: string; dir: string }> {
  return readdirSync(servicesDir)
    .filter((name) => {
      try {
        return statSync(join(servicesDir, name, 'src')).isDirectory();
      } catch {
        return false;
      }
    })
    .sort()
    .map((name) => ({ name, dir: join(servicesDir, name) }));
}
