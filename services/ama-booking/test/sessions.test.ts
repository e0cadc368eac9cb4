import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMA_MESSAGES } from '@wfm/contracts/ama';
import {
  DAY,
  GIF,
  HTML,
  PNG,
  buildAma,
  createSession,
  get,
  multipart,
  newVisitor,
  outboxEvents,
  post,
  staffActions,
  validBooking,
  validPricing,
  validSession,
  type AmaTest,
} from './helpers.ts';

let t: AmaTest;
beforeAll(async () => {
  t = await buildAma();
});
afterAll(async () => t?.close());

describe('sessions', () => {
  it('lists and shows sessions with the display status computed from the clock (§4)', async () => {
    const start = t.clock.now() + DAY;
    const id = await createSession(t, { scheduled_time: start, duration_minutes: 60 });
    const one = async () => (await get(t.app, `/api/ama/sessions/${id}`)).json<{ status: string; stored_status: string }>();
    expect((await one()).status).toBe('scheduled');

    // Stored live but not started yet: still scheduled; within [start, end] and live: live.
    await t.staff('PUT', `/api/admin/ama/sessions/${id}/status`, { status: 'live' });
    expect((await one()).status).toBe('scheduled');
    t.clock.set(start + 30 * 60_000);
    expect((await one()).status).toBe('live');
    // Stored scheduled during the slot: scheduled.
    await t.staff('PUT', `/api/admin/ama/sessions/${id}/status`, { status: 'scheduled' });
    expect((await one()).status).toBe('scheduled');
    // Past the end: completed whatever is stored; cancelled always wins.
    t.clock.set(start + 61 * 60_000);
    expect((await one()).status).toBe('completed');
    await t.staff('PUT', `/api/admin/ama/sessions/${id}/status`, { status: 'cancelled' });
    expect(await one()).toMatchObject({ status: 'cancelled', stored_status: 'cancelled' });
    t.clock.set(Date.now());

    const list = await get(t.app, '/api/ama/sessions');
    expect(list.statusCode).toBe(200);
    expect(list.json<Array<{ id: number }>>().map((s) => s.id)).toContain(id);
  });

  it('answers 404 "Session not found" and 400 for bad ids', async () => {
    expect((await get(t.app, '/api/ama/sessions/999999')).json()).toEqual({ message: AMA_MESSAGES.sessionNotFound });
    expect((await get(t.app, '/api/ama/sessions/999999')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '9'.repeat(30)]) {
      const res = await get(t.app, `/api/ama/sessions/${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: AMA_MESSAGES.invalidSessionId });
    }
  });

  it('creates with defaults (duration 60, unlimited participants) and refuses bad fields with the rule message', async () => {
    const res = await t.staff('POST', '/api/admin/ama/sessions', {
      title: 'Minimal',
      host_name: 'Host',
      scheduled_time: Date.now() + DAY,
      duration_minutes: null,
      max_participants: '',
      zoom_link: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ duration_minutes: 60, max_participants: null, zoom_link: null, description: '', status: 'scheduled' });

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, AMA_MESSAGES.titleRequired],
      [{ title: 'x'.repeat(151) }, AMA_MESSAGES.titleTooLong],
      [{ host_name: ' ' }, AMA_MESSAGES.hostRequired],
      [{ scheduled_time: undefined }, AMA_MESSAGES.scheduledTimeRequired],
      [{ scheduled_time: 'tomorrow' }, AMA_MESSAGES.scheduledTimeRequired],
      [{ description: 'x'.repeat(2001) }, AMA_MESSAGES.descriptionTooLong],
      [{ host_bio: 'x'.repeat(1001) }, AMA_MESSAGES.hostBioTooLong],
      [{ duration_minutes: 14 }, AMA_MESSAGES.durationRange],
      [{ duration_minutes: 241 }, AMA_MESSAGES.durationRange],
      [{ max_participants: 0 }, AMA_MESSAGES.maxParticipantsRange],
      [{ max_participants: 501 }, AMA_MESSAGES.maxParticipantsRange],
      [{ max_questions: 101 }, AMA_MESSAGES.maxQuestionsRange],
      [{ zoom_link: 'not a url' }, AMA_MESSAGES.zoomLinkInvalid],
      [{ zoom_link: 'javascript:alert(1)' }, AMA_MESSAGES.zoomLinkInvalid],
      [{ image_url: '/uploads/a.exe' }, AMA_MESSAGES.badImageUrl],
      [{ image_url: 'https://evil.example/a.png' }, AMA_MESSAGES.badImageUrl],
      [{ image_url: '/uploads/../secret.png' }, AMA_MESSAGES.badImageUrl],
    ];
    for (const [override, message] of cases) {
      const r = await t.staff('POST', '/api/admin/ama/sessions', validSession(override));
      expect(r.statusCode, JSON.stringify(override)).toBe(400);
      expect(r.json<{ message: string }>().message).toContain(message);
    }
    // Boundaries that pass.
    for (const ok of [{ duration_minutes: 15 }, { duration_minutes: 240 }, { max_participants: 500 }, { max_questions: 100 }, { title: 'x'.repeat(150) }, { image_url: '/uploads/a1.JPG' }]) {
      expect((await t.staff('POST', '/api/admin/ama/sessions', validSession(ok))).statusCode, JSON.stringify(ok)).toBe(201);
    }
  });

  it('updates, changes status and deletes with its bookings, pricing and questions; every action is audited and evented', async () => {
    const id = await createSession(t);
    const upd = await t.staff('PUT', `/api/admin/ama/sessions/${id}`, validSession({ title: 'Renamed', max_participants: null }));
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ title: 'Renamed', max_participants: null });
    // Staff answers carry the stored status (a future session set live reads live there, scheduled publicly).
    expect((await t.staff('PUT', `/api/admin/ama/sessions/${id}/status`, { status: 'live' })).json()).toMatchObject({ status: 'live', stored_status: 'live' });
    const row = (await t.staff('GET', '/api/admin/ama/sessions')).json<Array<{ id: number; status: string }>>().find((s) => s.id === id);
    expect(row!.status).toBe('live');
    expect((await get(t.app, `/api/ama/sessions/${id}`)).json()).toMatchObject({ status: 'scheduled', stored_status: 'live' });
    expect((await t.staff('PUT', `/api/admin/ama/sessions/${id}/status`, { status: 'bogus' })).statusCode).toBe(400);
    expect((await t.staff('POST', `/api/admin/ama/sessions/${id}/pricing`, validPricing())).statusCode).toBe(201);
    await t.staff('PUT', `/api/admin/ama/sessions/${id}/status`, { status: 'scheduled' });
    const booking = await t.app.inject({
      method: 'POST',
      url: `/api/ama/sessions/${id}/book`,
      headers: { 'x-anon-token': (await import('@wfm/service-kit/testing')).testVisitorToken() },
      payload: { participant_name: 'A', participant_email: 'a@example.com', participant_phone: '1', payment_method: 'gcash' },
    });
    expect(booking.statusCode).toBe(201);

    const del = await t.staff('DELETE', `/api/admin/ama/sessions/${id}`);
    expect(del.json()).toEqual({ success: true, id });
    expect((await get(t.app, `/api/ama/sessions/${id}`)).statusCode).toBe(404);
    const [{ n }] = await t.sql<[{ n: number }]>`SELECT (SELECT count(*) FROM bookings WHERE session_id = ${id}) + (SELECT count(*) FROM pricing WHERE session_id = ${id})::int AS n`;
    expect(Number(n)).toBe(0);
    expect((await t.staff('DELETE', `/api/admin/ama/sessions/${id}`)).statusCode).toBe(404);

    const actions = await staffActions(t.sql);
    for (const a of ['ama.session.create', 'ama.session.update', 'ama.session.status.live', 'ama.pricing.create', 'ama.session.delete']) expect(actions).toContain(a);
    const events = (await outboxEvents(t.sql, 'ama.session.deleted')).map((e) => e.id);
    expect(events).toContain(id);
    expect((await outboxEvents(t.sql, 'ama.session.created')).map((e) => e.id)).toContain(id);
  });

  it('refuses staff calls without the Admin right', async () => {
    expect((await t.staff('POST', '/api/admin/ama/sessions', validSession(), 'Moderator')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ama/sessions' })).statusCode).toBe(401);
    expect((await t.staff('GET', '/api/admin/ama/sessions', undefined, 'Super Admin')).statusCode).toBe(200);
  });
});

describe('a session staff end early (stored completed before its planned end)', () => {
  const MIN = 60_000;
  type Shown = { id: number; status: string; stored_status: string };
  const shown = async (id: number) => (await get(t.app, `/api/ama/sessions/${id}`)).json<Shown>();
  const listed = async (id: number) => (await get(t.app, '/api/ama/sessions')).json<Shown[]>().find((s) => s.id === id);
  const book = (id: number) => post(t.app, `/api/ama/sessions/${id}/book`, validBooking());
  const transcript = (id: number) => get(t.app, `/api/ama/sessions/${id}/transcript`);
  const ask = (id: number) => post(t.app, `/api/ama/sessions/${id}/questions`, { question: 'Still open?', isAnonymous: true });

  it('displays completed at once, refuses bookings and questions with a message, and opens its transcript', async () => {
    const start = t.clock.now() + DAY;
    const id = await createSession(t, { scheduled_time: start, duration_minutes: 60 });
    const question = (await ask(id)).json<{ id: number }>().id;
    await t.staff('PUT', `/api/admin/ama/questions/${question}/answer`, { answer: 'Yes' });
    t.clock.set(start + 10 * MIN);
    await t.staff('PUT', `/api/admin/ama/sessions/${id}/status`, { status: 'live' });
    expect((await shown(id)).status).toBe('live');
    // Staff press End Session 20 minutes into a 60-minute slot.
    t.clock.set(start + 20 * MIN);
    await t.staff('PUT', `/api/admin/ama/sessions/${id}/status`, { status: 'completed' });
    try {
      expect(await shown(id)).toMatchObject({ status: 'completed', stored_status: 'completed' });
      expect(await listed(id)).toMatchObject({ status: 'completed', stored_status: 'completed' });

      const refused = await book(id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: AMA_MESSAGES.sessionNotBookable });
      const waitlist = await post(t.app, `/api/ama/sessions/${id}/waitlist`, validBooking(), newVisitor());
      expect(waitlist.statusCode).toBe(409);
      expect(waitlist.json()).toEqual({ message: AMA_MESSAGES.sessionNotBookable });
      const late = await ask(id);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ message: AMA_MESSAGES.questionsClosed });

      const open = await transcript(id);
      expect(open.statusCode).toBe(200);
      expect(open.json<{ questions: Array<{ id: number }> }>().questions.map((q) => q.id)).toEqual([question]);
    } finally {
      t.clock.set(Date.now());
    }
  });

  it('is completed even when ended before its start; the cases §4 names behave as before', async () => {
    const start = t.clock.now() + DAY;
    const ended = await createSession(t, { scheduled_time: start, duration_minutes: 60, status: 'completed' });
    expect(await shown(ended)).toMatchObject({ status: 'completed', stored_status: 'completed' });
    expect((await book(ended)).statusCode).toBe(409);
    expect((await transcript(ended)).statusCode).toBe(200);

    // Stored scheduled before its end: scheduled, bookable, transcript locked.
    const planned = await createSession(t, { scheduled_time: start, duration_minutes: 60 });
    expect(await shown(planned)).toMatchObject({ status: 'scheduled', stored_status: 'scheduled' });
    expect((await book(planned)).statusCode).toBe(201);
    const locked = await transcript(planned);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ message: AMA_MESSAGES.transcriptNotReady });
    try {
      // Past the end (stored scheduled, live or completed alike): completed, no bookings, transcript open.
      t.clock.set(start + 61 * MIN);
      expect(await shown(planned)).toMatchObject({ status: 'completed', stored_status: 'scheduled' });
      expect((await book(planned)).json()).toEqual({ message: AMA_MESSAGES.sessionNotBookable });
      expect((await transcript(planned)).statusCode).toBe(200);
    } finally {
      t.clock.set(Date.now());
    }
  });
});

describe('pricing', () => {
  it('answers price, currency and payment_methods as JSON text, public and staff; session fields carry it', async () => {
    const id = await createSession(t);
    expect((await get(t.app, `/api/ama/sessions/${id}/pricing`)).json()).toEqual({ message: AMA_MESSAGES.pricingNotFound });
    expect((await t.staff('GET', `/api/admin/ama/sessions/${id}/pricing`)).statusCode).toBe(404);
    // An update of a session without pricing creates it.
    const put = await t.staff('PUT', `/api/admin/ama/sessions/${id}/pricing`, validPricing({ price: '12.50', currency: 'PHP' }));
    expect(put.statusCode).toBe(200);
    const pricing = (await get(t.app, `/api/ama/sessions/${id}/pricing`)).json<{ price: number; currency: string; payment_methods: string }>();
    expect(pricing).toMatchObject({ price: 12.5, currency: 'PHP' });
    expect(JSON.parse(pricing.payment_methods)).toMatchObject({ paypal: { email: 'pay@example.com' }, gcash: { number: '09171234567', name: 'WFM Community' } });
    const session = (await get(t.app, `/api/ama/sessions/${id}`)).json();
    expect(session).toMatchObject({ price: 12.5, currency: 'PHP', paypal_email: 'pay@example.com', gcash_number: '09171234567', gcash_name: 'WFM Community', gcash_instructions: 'Send a screenshot' });
    expect((await get(t.app, '/api/ama/sessions/424242/pricing')).json()).toEqual({ message: AMA_MESSAGES.sessionNotFound });
  });

  it('refuses with the pricing form messages of §5', async () => {
    const id = await createSession(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [validPricing({ price: 0 }), AMA_MESSAGES.priceAboveZero],
      [validPricing({ price: -5 }), AMA_MESSAGES.priceAboveZero],
      [validPricing({ price: 'abc' }), AMA_MESSAGES.priceAboveZero],
      [validPricing({ currency: '' }), AMA_MESSAGES.currencyRequired],
      [validPricing({ currency: 'GBP' }), AMA_MESSAGES.currencyRequired],
      [validPricing({ payment_methods: JSON.stringify({ paypal: { email: '' }, gcash: { number: ' ' } }) }), AMA_MESSAGES.paymentMethodRequired],
      [validPricing({ payment_methods: '{broken' }), AMA_MESSAGES.paymentMethodRequired],
    ];
    for (const [body, message] of cases) {
      const res = await t.staff('POST', `/api/admin/ama/sessions/${id}/pricing`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    // One method is enough; the object form is accepted too.
    const ok = await t.staff('POST', `/api/admin/ama/sessions/${id}/pricing`, { price: 0.01, currency: 'EUR', payment_methods: { gcash: { number: '0917' } } });
    expect(ok.statusCode).toBe(201);
  });
});

describe('session image', () => {
  it('stores a jpeg/png/gif, answers image.url under /uploads/ama and serves it publicly', async () => {
    const id = await createSession(t);
    const { payload, headers } = await multipart([{ name: 'banner.gif', data: GIF, type: 'image/gif' }], 'image');
    const url = `/api/admin/ama/sessions/${id}/image`;
    const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...t.staffHeaders({ role: 'Admin' }, { method: 'POST', url }) } });
    expect(res.statusCode).toBe(200);
    const image = res.json<{ image: { url: string } }>().image;
    expect(image.url).toMatch(/^\/uploads\/ama\/[a-f0-9]{32}\.gif$/);
    expect((await get(t.app, `/api/ama/sessions/${id}`)).json()).toMatchObject({ image_url: image.url });
    const file = await get(t.app, image.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/gif');
  });

  it('refuses other content with "Please select an image file (JPG, PNG, GIF)." and big files with "Image must be less than 10MB."', async () => {
    const id = await createSession(t);
    const url = `/api/admin/ama/sessions/${id}/image`;
    const send = async (data: Buffer, name: string) => {
      const { payload, headers } = await multipart([{ name, data }], 'image');
      return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...t.staffHeaders({ role: 'Admin' }, { method: 'POST', url }) } });
    };
    const html = await send(HTML, 'evil.png');
    expect(html.statusCode).toBe(400);
    expect(html.json()).toEqual({ message: AMA_MESSAGES.imageType });
    const big = await send(Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), 'big.png');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: AMA_MESSAGES.imageSize });
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/ama/sessions/99999/image', ...(await multipart([{ name: 'a.png', data: PNG }], 'image')), headers: { ...(await multipart([{ name: 'a.png', data: PNG }], 'image')).headers, ...t.staffHeaders({ role: 'Admin' }, { method: 'POST', url: '/api/admin/ama/sessions/99999/image' }) } });
    expect(missing.statusCode).toBe(404);
  });
});
