import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { HELP_FORM_MESSAGES, POST_MESSAGES, REPORT_REASONS, SUGGESTION_MESSAGES } from '@wfm/contracts/forum';
import { service } from '../src/app.ts';
import { createPost, outboxEvents, post } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

/** Letters and digits a person can read out without confusion. */
const READABLE = /^[2-9A-HJKMNP-TV-Z]{5}$/;

const help = (overrides: Record<string, unknown> = {}) => ({
  title: 'Cannot export my schedule',
  category: 'technical',
  priority: 'High',
  reason: 'The export button does nothing since yesterday.',
  contact_info: 'me@example.com',
  reporter_name: 'planner_one',
  isAnonymous: false,
  ...overrides,
});

describe('POST /api/report: post reports', () => {
  it.each(REPORT_REASONS)('accepts reason %s and answers a readable ticket_reference', async (reason) => {
    const postId = await createPost(t.app);
    const res = await post(t.app, '/api/report', { post_id: postId, reason });
    expect(res.statusCode).toBe(201);
    const { ticket_reference } = res.json<{ ticket_reference: string }>();
    const [prefix, code] = ticket_reference.split('-');
    expect(prefix).toBe('RPT');
    expect(code).toMatch(READABLE);
    const rows = await t.sql`SELECT kind, post_id, reason, status FROM reports WHERE ticket_reference = ${ticket_reference}`;
    expect(rows[0]).toEqual({ kind: 'post', post_id: postId, reason, status: 'New' });
  });

  it('refuses a missing or unknown reason, bad ids, and unknown posts', async () => {
    const postId = await createPost(t.app);
    for (const reason of [undefined, '', 'boring', 'Spam']) {
      const res = await post(t.app, '/api/report', { post_id: postId, reason });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.stringContaining('reason') });
    }
    for (const id of [0, -1, 'abc', 1.5]) {
      expect((await post(t.app, '/api/report', { post_id: id, reason: 'spam' })).statusCode).toBe(400);
    }
    const unknown = await post(t.app, '/api/report', { post_id: 987654321, reason: 'spam' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: POST_MESSAGES.notFound });
  });
});

describe('POST /api/report: help requests', () => {
  it('stores the ticket and answers ticket_reference like HLP-7K3Q9', async () => {
    const res = await post(t.app, '/api/report', help());
    expect(res.statusCode).toBe(201);
    const { ticket_reference } = res.json<{ ticket_reference: string }>();
    expect(ticket_reference).toMatch(/^HLP-[2-9A-HJKMNP-TV-Z]{5}$/);
    const rows = await t.sql`
      SELECT kind, post_id, title, category, priority, reason, contact_info, reporter_name, status
      FROM reports WHERE ticket_reference = ${ticket_reference}`;
    expect(rows[0]).toEqual({
      kind: 'help',
      post_id: null,
      title: 'Cannot export my schedule',
      category: 'technical',
      priority: 'High',
      reason: 'The export button does nothing since yesterday.',
      contact_info: 'me@example.com',
      reporter_name: 'planner_one',
      status: 'New',
    });
  });

  it('references differ between tickets', async () => {
    const refs = new Set<string>();
    for (let i = 0; i < 5; i++) refs.add((await post(t.app, '/api/report', help())).json().ticket_reference);
    expect(refs.size).toBe(5);
  });

  it('anonymous requests are stored as Anonymous; contact is optional', async () => {
    const res = await post(t.app, '/api/report', help({ isAnonymous: true, contact_info: '' }));
    const rows = await t.sql`SELECT reporter_name, contact_info FROM reports WHERE ticket_reference = ${res.json().ticket_reference}`;
    expect(rows[0]).toEqual({ reporter_name: 'Anonymous', contact_info: null });
    const noName = await post(t.app, '/api/report', help({ reporter_name: undefined, contact_info: undefined }));
    expect(noName.statusCode).toBe(201);
  });

  it.each([
    ['title', 'abc', 'ab', HELP_FORM_MESSAGES.titleTooShort],
    ['title', 'x'.repeat(100), 'x'.repeat(101), HELP_FORM_MESSAGES.titleTooLong],
    ['reason', 'x'.repeat(2000), 'x'.repeat(2001), 'Description must be 2000 characters or less'],
    ['reason', 'x', '  ', 'Description is required'],
    ['reporter_name', 'x'.repeat(40), 'x'.repeat(41), 'Name must be 40 characters or less'],
    ['category', 'x'.repeat(50), 'x'.repeat(51), 'Category must be 50 characters or less'],
    ['category', 'general', '', HELP_FORM_MESSAGES.categoryRequired],
    ['contact_info', 'x'.repeat(200), 'x'.repeat(201), 'Contact info must be 200 characters or less'],
    ['priority', 'Urgent', 'Critical', HELP_FORM_MESSAGES.priorityRequired],
  ])('%s: %j passes, %j is refused', async (field, ok, bad, message) => {
    expect((await post(t.app, '/api/report', help({ [field]: ok }))).statusCode).toBe(201);
    const res = await post(t.app, '/api/report', help({ [field]: bad }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('every priority is accepted', async () => {
    for (const priority of ['Low', 'Medium', 'High', 'Urgent']) {
      expect((await post(t.app, '/api/report', help({ priority }))).statusCode).toBe(201);
    }
  });

  it('writes forum.report.created without personal data', async () => {
    const ref = (await post(t.app, '/api/report', help({ contact_info: 'secret@example.com' }))).json().ticket_reference;
    const events = (await outboxEvents(t.sql, 'forum.report.created')).filter((e) => e.ticket_reference === ref);
    expect(events).toEqual([{ id: expect.any(Number), kind: 'help', post_id: null, ticket_reference: ref, created_at: expect.any(Number) }]);
  });

  it('a body that is not an object is a 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/report', payload: '[1]', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('POST /api/feature-suggestions', () => {
  it('accepts the header dialog payload and answers reference_number', async () => {
    const res = await post(t.app, '/api/feature-suggestions', {
      title: 'Dark mode for exports',
      description: 'Exports should follow the theme.',
      author_name: 'planner_one',
      priority: 'High',
      contact_method: 'Slack @planner',
    });
    expect(res.statusCode).toBe(201);
    const { reference_number } = res.json<{ reference_number: string }>();
    expect(reference_number).toMatch(/^FS-[2-9A-HJKMNP-TV-Z]{5}$/);
    const rows = await t.sql`
      SELECT title, author_name, priority, contact_method, email, status FROM feature_suggestions
      WHERE reference_number = ${reference_number}`;
    expect(rows[0]).toEqual({
      title: 'Dark mode for exports',
      author_name: 'planner_one',
      priority: 'High',
      contact_method: 'Slack @planner',
      email: null,
      status: 'New',
    });
  });

  it('accepts the sidebar dialog payload (email, isAnonymous)', async () => {
    const res = await post(t.app, '/api/feature-suggestions', {
      title: 'Poll reminders',
      description: 'Remind me when a poll closes.',
      author_name: 'Anonymous',
      email: 'me@example.com',
      priority: 'Low',
      isAnonymous: true,
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.sql`
      SELECT author_name, email, priority FROM feature_suggestions WHERE reference_number = ${res.json().reference_number}`;
    expect(rows[0]).toEqual({ author_name: 'Anonymous', email: 'me@example.com', priority: 'Low' });
  });

  it('priority defaults to Medium; empty optional fields count as absent', async () => {
    const res = await post(t.app, '/api/feature-suggestions', { title: 't', description: 'd', email: '', contact_method: '' });
    expect(res.statusCode).toBe(201);
    const rows = await t.sql`SELECT priority, author_name FROM feature_suggestions WHERE reference_number = ${res.json().reference_number}`;
    expect(rows[0]).toEqual({ priority: 'Medium', author_name: 'Anonymous' });
  });

  it.each([
    [{ title: '   ' }, SUGGESTION_MESSAGES.missingHeader],
    [{ description: '' }, SUGGESTION_MESSAGES.missingHeader],
    [{ title: 'x'.repeat(101) }, SUGGESTION_MESSAGES.titleTooLong],
    [{ description: 'x'.repeat(1001) }, SUGGESTION_MESSAGES.descriptionTooLong],
    [{ contact_method: 'x'.repeat(201) }, SUGGESTION_MESSAGES.contactTooLong],
    [{ email: 'not-an-email' }, SUGGESTION_MESSAGES.badEmail],
    [{ priority: 'Urgent' }, 'Priority must be Low, Medium or High'],
  ])('refuses %j', async (overrides, message) => {
    const res = await post(t.app, '/api/feature-suggestions', { title: 't', description: 'd', ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('accepts the limits exactly', async () => {
    const res = await post(t.app, '/api/feature-suggestions', {
      title: 'x'.repeat(100),
      description: 'x'.repeat(1000),
      contact_method: 'x'.repeat(200),
    });
    expect(res.statusCode).toBe(201);
  });

  it('writes forum.suggestion.created', async () => {
    const ref = (await post(t.app, '/api/feature-suggestions', { title: 't', description: 'd' })).json().reference_number;
    const events = (await outboxEvents(t.sql, 'forum.suggestion.created')).filter((e) => e.reference_number === ref);
    expect(events).toHaveLength(1);
  });
});
