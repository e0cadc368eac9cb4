import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * zod 4's classic schemas import its JSON Schema generator (core/json-schema-processors.js and
 * core/to-json-schema.js, about 6 KB of compressed JavaScript) for `schema.toJSONSchema()`, which
 * the browser never calls (the API documentation is built on the server). Tree-shaking cannot drop
 * them: every schema's constructor refers to them. In the browser build this plugin gives
 * classic/schemas.js stand-ins instead: the processors and the JSON Schema methods throw if ever
 * called; `aggregateChecks` (behind a string schema's `minLength`/`maxLength`/`format`) is the real
 * one. The build fails if zod's layout changes so that the stand-ins no longer apply.
 */
const CLASSIC_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const PROCESSORS = '../core/json-schema-processors.js';
const TO_JSON_SCHEMA = '../core/to-json-schema.js';
const PROCESSORS_ID = '\0wfm-zod-json-schema-processors';
const TO_JSON_SCHEMA_ID = '\0wfm-zod-to-json-schema';
const UNAVAILABLE = `const unavailable = () => { throw new Error('zod: JSON Schema is not built in the browser (web/build/zod-without-json-schema.ts)'); };`;

export function zodWithoutJsonSchema(): Plugin {
  let processorsFile = '';
  const replaced = new Set<string>();
  let sawZod = false;
  return {
    name: 'wfm-zod-without-json-schema',
    enforce: 'pre',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    resolveId(source, importer) {
      if (!importer || !CLASSIC_SCHEMAS.test(importer)) return null;
      sawZod = true;
      if (source === PROCESSORS) {
        processorsFile = path.resolve(path.dirname(importer), source);
        replaced.add(source);
        return PROCESSORS_ID;
      }
      if (source === TO_JSON_SCHEMA) {
        replaced.add(source);
        return TO_JSON_SCHEMA_ID;
      }
      return null;
    },
    load(id) {
      if (id === TO_JSON_SCHEMA_ID) {
        return `${UNAVAILABLE}\nexport const createToJSONSchemaMethod = () => unavailable;\nexport const createStandardJSONSchemaMethod = () => unavailable;\n`;
      }
      if (id !== PROCESSORS_ID) return null;
      const names = [...readFileSync(processorsFile, 'utf8').matchAll(/^export const (\w+Processor) =/gm)].map((m) => m[1]!);
      if (names.length === 0 || !readFileSync(processorsFile, 'utf8').includes('export function aggregateChecks(')) {
        this.error(`zod's ${processorsFile} no longer has the processors this stand-in replaces`);
      }
      return [
        UNAVAILABLE,
        `export { ${names.map((n) => `unavailable as ${n}`).join(', ')} };`,
        `export { aggregateChecks } from ${JSON.stringify(processorsFile)};`,
        '',
      ].join('\n');
    },
    buildEnd(error) {
      if (!error && sawZod && replaced.size !== 2) {
        this.error(`zod's classic/schemas.js no longer imports ${[PROCESSORS, TO_JSON_SCHEMA].join(' and ')}: update web/build/zod-without-json-schema.ts`);
      }
    },
  };
}
