import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeLimits, loadRateLimitSettings, RATE_LIMIT_MESSAGE } from '@wfm/service-kit';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { CATALOG_LIMITS } from '../src/rate-limits.ts';
import { createPoll, createTool, newVisitor, post, randomIp, validTool } from './helpers.ts';

describe('catalog rate limits', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await buildTestService(service, {
      relay: false,
      rateLimits: loadRateLimitSettings({
        RATE_LIMIT_CATALOG_TOOL_VISITOR: '3',
        RATE_LIMIT_CATALOG_POLL_VOTE_IP: '4',
        RATE_LIMIT_CATALOG_TOOL_VOTE_IP_TOOL: '2',
      }),
    });
  });
  afterAll(async () => t?.close());

  it('new tools per visitor: the 4th in the window answers 429 with the message and Retry-After', async () => {
    const visitor = newVisitor();
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await post(t.app, '/api/tools', validTool(), visitor)).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
    const refused = await post(t.app, '/api/tools', validTool(), visitor);
    expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('poll votes per address, whatever the tokens', async () => {
    const poll = await createPoll(t.app);
    const ip = randomIp();
    const codes = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await post(t.app, `/api/polls/${poll.id}/vote`, { option_id: poll.options[0]!.id }, { token: newVisitor().token, ip })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 429]);
  });

  it('votes one address adds to one tool (many tokens), while another tool still takes votes', async () => {
    const [a, b] = [await createTool(t.app, {}, newVisitor()), await createTool(t.app, {}, newVisitor())];
    const ip = randomIp();
    const vote = (id: number) => post(t.app, `/api/tools/${id}/vote`, undefined, { token: newVisitor().token, ip });
    expect([(await vote(a.id)).statusCode, (await vote(a.id)).statusCode, (await vote(a.id)).statusCode]).toEqual([200, 200, 429]);
    expect((await vote(b.id)).statusCode).toBe(200);
  });
});

it('docs/operations.md lists every catalog limit with its default, key, window and variable', () => {
  const docs = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
  for (const row of describeLimits(CATALOG_LIMITS)) expect(docs).toContain(row);
});
