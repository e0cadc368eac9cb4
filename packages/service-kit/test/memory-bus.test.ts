import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PostSummary } from '@wfm/contracts/forum';
import type { StaffActionEvent } from '@wfm/contracts/shared';
import { createMemoryBus } from '../src/bus/memory.ts';
import { subjectMatches } from '../src/bus/subjects.ts';
import type { BusEvent } from '../src/bus/types.ts';
import { createLogger } from '../src/logger.ts';
import { sleep, waitFor } from './helpers.ts';

const logger = createLogger('test', 'silent');

describe('subjectMatches (NATS wildcard semantics)', () => {
  it.each([
    ['forum.post.created', 'forum.post.created', true],
    ['forum.post.created', 'forum.post.updated', false],
    ['forum.*.created', 'forum.post.created', true],
    ['forum.*.created', 'forum.post.comment.created', false],
    ['forum.*', 'forum.post.created', false],
    ['*.*.created', 'jobs.job.created', true],
    ['forum.>', 'forum.post.created', true],
    ['forum.>', 'forum.post', true],
    ['forum.>', 'forum', false],
    ['>', 'anything.at.all', true],
    ['forum.post.>', 'forum.postx.created', false],
    ['forum.post', 'forum.post.created', false],
  ])('%s vs %s -> %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});

describe('memory bus', () => {
  it('delivers by wildcard pattern, a copy of the data, in order', async () => {
    const bus = createMemoryBus({ logger });
    const star: BusEvent[] = [];
    const tail: BusEvent[] = [];
    const exact: BusEvent[] = [];
    await bus.subscribe('demo.*.created', (e) => void star.push(e));
    await bus.subscribe('demo.>', (e) => void tail.push(e));
    await bus.subscribe('demo.post.created', (e) => void exact.push(e));

    const data = { id: 1, at: new Date(0) };
    await bus.publish('demo.post.created', data, { msgId: 'm1' });
    await bus.publish('demo.comment.created', { id: 2 }, { msgId: 'm2' });
    await bus.publish('demo.post.upvoted', { id: 3 }, { msgId: 'm3' });
    await bus.publish('jobs.job.created', { id: 4 }, { msgId: 'm4' });

    await waitFor(() => (tail.length === 3 ? true : undefined));
    expect(star.map((e) => e.subject)).toEqual(['demo.post.created', 'demo.comment.created']);
    expect(tail.map((e) => e.subject)).toEqual(['demo.post.created', 'demo.comment.created', 'demo.post.upvoted']);
    expect(exact).toEqual([{ subject: 'demo.post.created', data: { id: 1, at: '1970-01-01T00:00:00.000Z' } }]);
    expect(exact[0]!.data).not.toBe(data);
    await bus.close();
  });

  it('drops a repeated msgId', async () => {
    const bus = createMemoryBus({ logger });
    const got: unknown[] = [];
    await bus.subscribe('demo.>', (e) => void got.push(e.data));
    await bus.publish('demo.post.created', { n: 1 }, { msgId: 'same' });
    await bus.publish('demo.post.created', { n: 2 }, { msgId: 'same' });
    await bus.publish('demo.post.created', { n: 3 }, { msgId: 'other' });
    await waitFor(() => (got.length === 2 ? true : undefined));
    await sleep(20);
    expect(got).toEqual([{ n: 1 }, { n: 3 }]);
    await bus.close();
  });

  it('fans out to every plain subscriber and splits among a durable group', async () => {
    const bus = createMemoryBus({ logger });
    const fanA: unknown[] = [];
    const fanB: unknown[] = [];
    const durA: unknown[] = [];
    const durB: unknown[] = [];
    await bus.subscribe('jobs.>', (e) => void fanA.push(e.data));
    await bus.subscribe('jobs.>', (e) => void fanB.push(e.data));
    await bus.subscribe('jobs.>', (e) => void durA.push(e.data), { durable: 'projector' });
    await bus.subscribe('jobs.>', (e) => void durB.push(e.data), { durable: 'projector' });

    for (let i = 0; i < 10; i++) await bus.publish('jobs.job.created', { i }, { msgId: `j${i}` });
    await waitFor(() => (fanA.length + fanB.length + durA.length + durB.length === 30 ? true : undefined));
    expect(fanA).toHaveLength(10);
    expect(fanB).toHaveLength(10);
    expect(durA.length + durB.length).toBe(10);
    expect(durA.length).toBeGreaterThan(0);
    expect(durB.length).toBeGreaterThan(0);
    expect(new Set([...durA, ...durB].map((d) => (d as { i: number }).i)).size).toBe(10);
    await bus.close();
  });

  it('redelivers to a durable subscriber whose handler failed', async () => {
    const bus = createMemoryBus({ logger });
    let attempts = 0;
    const done: unknown[] = [];
    await bus.subscribe(
      'demo.>',
      (e) => {
        attempts++;
        if (attempts < 3) throw new Error('not yet');
        done.push(e.data);
      },
      { durable: 'retrying' },
    );
    await bus.publish('demo.staff.created', { id: 7 }, { msgId: 'r1' });
    await waitFor(() => (done.length === 1 ? true : undefined), 5_000);
    expect(attempts).toBe(3);
    await bus.close();
  });

  it('does not redeliver to a plain subscriber, and a failing handler does not block others', async () => {
    const bus = createMemoryBus({ logger });
    let failing = 0;
    const ok: unknown[] = [];
    await bus.subscribe('demo.>', () => {
      failing++;
      throw new Error('boom');
    });
    await bus.subscribe('demo.>', (e) => void ok.push(e.data));
    await bus.publish('demo.session.created', { id: 1 }, { msgId: 'a1' });
    await bus.publish('demo.session.created', { id: 2 }, { msgId: 'a2' });
    await waitFor(() => (ok.length === 2 ? true : undefined));
    await sleep(300);
    expect(failing).toBe(2);
    await bus.close();
  });

  it('stops delivering after unsubscribe and refuses to publish when closed', async () => {
    const bus = createMemoryBus({ logger });
    const got: unknown[] = [];
    const unsubscribe = await bus.subscribe('sample.>', (e) => void got.push(e.data));
    await bus.publish('sample.tool.created', { n: 1 }, { msgId: 'c1' });
    await waitFor(() => (got.length === 1 ? true : undefined));
    await unsubscribe();
    await bus.publish('sample.tool.created', { n: 2 }, { msgId: 'c2' });
    await sleep(20);
    expect(got).toEqual([{ n: 1 }]);
    expect(await bus.isReady()).toBe(true);
    await bus.close();
    expect(await bus.isReady()).toBe(false);
    await expect(bus.publish('sample.tool.created', {}, { msgId: 'c3' })).rejects.toThrow(/closed/);
  });

  it('rejects invalid subjects and patterns', async () => {
    const bus = createMemoryBus({ logger });
    await expect(bus.publish('forum.*.created', {}, { msgId: 'x' })).rejects.toThrow(/Invalid subject/);
    await expect(bus.publish('forum..created', {}, { msgId: 'y' })).rejects.toThrow(/Invalid subject/);
    await expect(bus.subscribe('forum.>.created', () => undefined)).rejects.toThrow(/Invalid subject pattern/);
    await bus.close();
  });
});

describe('typed subscriptions (contract subjects arrive parsed)', () => {
  const staffAction = { staff_id: 1, staff_username: 'root', role: 'Admin', action: 'post.delete', target_type: 'post', target_id: '9', at: 1 };

  it('hands contract subjects parsed with their schema and drops data that does not match it', async () => {
    const bus = createMemoryBus({ logger });
    const got: unknown[] = [];
    await bus.subscribe('forum.staff.action', (e) => {
      expectTypeOf(e.data).toEqualTypeOf<StaffActionEvent>();
      got.push(e.data);
    });
    await bus.publish('forum.staff.action', { role: 'Admin', oops: true }, { msgId: 'bad' });
    await bus.publish('forum.staff.action', { ...staffAction, extra: 'dropped by the schema' }, { msgId: 'good' });
    await waitFor(() => (got.length === 1 ? true : undefined));
    await sleep(100);
    expect(got).toEqual([staffAction]);
    await bus.close();
  });

  it('types a wildcard subscription as the union of the contract subjects it matches', async () => {
    const bus = createMemoryBus({ logger });
    const subjects: string[] = [];
    await bus.subscribe('forum.post.*', (e) => {
      expectTypeOf(e.subject).toEqualTypeOf<'forum.post.created' | 'forum.post.updated' | 'forum.post.deleted' | 'forum.post.upvoted'>();
      if (e.subject === 'forum.post.created') expectTypeOf(e.data).toEqualTypeOf<PostSummary>();
      subjects.push(e.subject);
    });
    await bus.subscribe('demo.>', (e) => {
      expectTypeOf(e.data).toBeUnknown();
    });
    await bus.publish('forum.post.upvoted', { post_id: 1, upvotes: 2 }, { msgId: 'u1' });
    await waitFor(() => (subjects.length === 1 ? true : undefined));
    expect(subjects).toEqual(['forum.post.upvoted']);
    await bus.close();
  });
});
