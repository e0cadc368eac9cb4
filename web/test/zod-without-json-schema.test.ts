import path from 'node:path';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { zodWithoutJsonSchema } from '../build/zod-without-json-schema.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Builds test/fixtures/zod-entry.ts with zod bundled (with or without the plugin) and runs the result. */
async function bundled(plugins: ReturnType<typeof zodWithoutJsonSchema>[]) {
  const result = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { write: false, minify: false, lib: { entry: 'test/fixtures/zod-entry.ts', formats: ['cjs'], fileName: 'entry' } },
  })) as Rollup.RollupOutput[];
  const code = result[0]!.output.map((o) => (o.type === 'chunk' ? o.code : '')).join('\n');
  const exports = {};
  new Function('exports', 'module', code)(exports, { exports });
  return { code, module: exports as typeof import('./fixtures/zod-entry.ts') };
}

describe('zod in the browser build, without its JSON Schema generator', () => {
  it('drops the generator yet validates, reports string bounds, and says why toJSONSchema cannot run', async () => {
    const { code, module } = await bundled([zodWithoutJsonSchema()]);
    expect(code).not.toContain('https://json-schema.org/draft/2020-12/schema');
    expect(module.form.safeParse({ name: 'Pat', age: 3 }).success).toBe(true);
    expect(module.form.safeParse({ name: 'P' }).error?.issues[0]?.code).toBe('too_small');
    expect([module.name.minLength, module.name.maxLength]).toEqual([2, 5]);
    expect(() => module.name.toJSONSchema()).toThrow('JSON Schema is not built in the browser');
  });

  it('the same build without the stand-ins carries the generator (what the plugin saves)', async () => {
    const { code, module } = await bundled([]);
    expect(code).toContain('https://json-schema.org/draft/2020-12/schema');
    expect(module.name.toJSONSchema()).toMatchObject({ type: 'string', minLength: 2, maxLength: 5 });
  });
});
