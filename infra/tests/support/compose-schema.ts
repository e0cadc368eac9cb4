/**
 * docker-compose.yml against the file schema of Compose 1.29 (Debian 12's `docker-compose`), without
 * docker-compose: `compose-1.29-spec.json` is that release's compose/config/compose_spec.json,
 * copied verbatim from Debian's docker-compose 1.29.2-3 (Apache License 2.0, docker/compose). 1.29
 * refuses any key its schema does not know (it stopped on the top-level `name` and on healthcheck
 * `start_interval`, both Compose v2 additions), so the check is the schema's keys, types and enums:
 * the subset of JSON Schema the file uses ($ref, oneOf/anyOf, properties, patternProperties,
 * additionalProperties, items, type, enum, required).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  enum?: unknown[];
  required?: string[];
  definitions?: Record<string, Schema>;
};

export const COMPOSE_V1_SPEC = JSON.parse(readFileSync(resolve(import.meta.dirname, 'compose-1.29-spec.json'), 'utf8')) as Schema;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(wanted: string | string[], value: unknown): boolean {
  const actual = typeOf(value);
  return [wanted].flat().some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

/** Problems of `value` at `path` under `schema`, as "path: what" lines. */
export function schemaProblems(value: unknown, schema: Schema = COMPOSE_V1_SPEC, path = '', root: Schema = schema): string[] {
  if (schema.$ref) {
    const name = /^#\/definitions\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name ? root.definitions?.[name] : undefined;
    if (!target) return [`${path || '(root)'}: unknown $ref ${schema.$ref}`];
    return schemaProblems(value, target, path, root);
  }
  const where = path || '(root)';
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches) {
    const results = branches.map((b) => schemaProblems(value, b, path, root));
    const clean = results.filter((r) => r.length === 0).length;
    if (schema.oneOf ? clean === 1 : clean > 0) return [];
    if (clean > 1) return [`${where}: matches more than one of oneOf`];
    // The branch of the value's type says best what is wrong.
    const typed = results.filter((_, i) => !branches[i]!.type || typeMatches(branches[i]!.type!, value));
    return (typed.length > 0 ? typed : results).reduce((a, b) => (b.length < a.length ? b : a));
  }
  if (schema.type && !typeMatches(schema.type, value)) return [`${where}: ${typeOf(value)} where ${[schema.type].flat().join(' or ')} is expected`];
  if (schema.enum && !schema.enum.includes(value)) return [`${where}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`];
  const problems: string[] = [];
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in object)) problems.push(`${where}: ${key} is required`);
    for (const [key, child] of Object.entries(object)) {
      const at = path ? `${path}.${key}` : key;
      const own = schema.properties?.[key];
      const patterns = Object.entries(schema.patternProperties ?? {}).filter(([re]) => new RegExp(re).test(key));
      if (own) problems.push(...schemaProblems(child, own, at, root));
      for (const [, sub] of patterns) problems.push(...schemaProblems(child, sub, at, root));
      if (own || patterns.length > 0) continue;
      if (schema.additionalProperties === false) problems.push(`${at}: not allowed by Compose 1.29`);
      else if (typeof schema.additionalProperties === 'object') problems.push(...schemaProblems(child, schema.additionalProperties, at, root));
    }
  }
  if (typeOf(value) === 'array' && schema.items) {
    (value as unknown[]).forEach((item, i) => problems.push(...schemaProblems(item, schema.items!, `${path}[${i}]`, root)));
  }
  return problems;
}
