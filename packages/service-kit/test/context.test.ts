import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDefinition } from '../src/app.ts';
import type { ServiceContext } from '../src/context.ts';
import { buildTestService, type TestService } from '../src/testing.ts';
import { fixtureService } from './helpers.ts';

interface GreetingContext extends ServiceContext {
  greet(name: string): string;
}

const seen: { hooks: GreetingContext[]; routes: GreetingContext[]; ready: GreetingContext[] } = { hooks: [], routes: [], ready: [] };

const greetingService: ServiceDefinition<GreetingContext> = {
  ...fixtureService,
  context: (base) => ({ ...base, greet: (name) => `hello ${name}` }),
  hooks: async (_app, ctx) => void seen.hooks.push(ctx),
  routes: [
    async (app, ctx) => {
      seen.routes.push(ctx);
      app.get('/now', async () => ({ now: ctx.now(), greeting: ctx.greet('visitor') }));
    },
    async (_app, ctx) => void seen.routes.push(ctx),
  ],
  onReady: async (_app, ctx) => void seen.ready.push(ctx),
  tasks: (ctx) => ({ handlers: [], repeatable: [], context: ctx }) as never,
};

describe('the service context', () => {
  let t: TestService<GreetingContext>;
  let clock = 1_000_000;
  beforeAll(async () => {
    t = await buildTestService(greetingService, { now: () => clock, context: { greet: (name: string) => `hi ${name}` } });
  });
  afterAll(() => t?.close());

  it('is built once per app and handed to hooks, every route module and onReady', () => {
    expect(seen.hooks).toHaveLength(1);
    expect(seen.routes).toHaveLength(2);
    expect(seen.ready).toHaveLength(1);
    for (const ctx of [...seen.routes, ...seen.ready]) expect(ctx).toBe(seen.hooks[0]);
    expect(t.ctx).toBe(seen.hooks[0]);
  });

  it('carries the app deps, the service additions and the test replacements', async () => {
    expect(t.ctx.sql).toBe(t.sql);
    expect(t.ctx.bus).toBe(t.bus);
    expect(t.ctx.schema).toBe('kit_fixture');
    expect(t.ctx.staffActionLog).toBe(t.app.staffActionLog);
    const answer = await t.app.inject({ url: '/now' });
    expect(answer.json()).toEqual({ now: 1_000_000, greeting: 'hi visitor' });
  });

  it('reads the clock it was given on every call', async () => {
    clock += 60_000;
    expect((await t.app.inject({ url: '/now' })).json().now).toBe(1_060_000);
  });
});
