import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRE_SIZES, POST_CHANNELS, POST_REGIONS, WFM_FIELD_MESSAGES, WFM_PLATFORMS } from '@wfm/contracts/forum';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createPost, get, outboxEvents, post, uniqueWord, validPost } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const FIELDS = { channel: 'chat', platform: 'nice-iex', centre_size: '250-999', region: 'uk-ireland' } as const;
const list = async (query: string) =>
  (await get(t.app, `/api/posts?${query}`)).json<{ posts: Array<Record<string, unknown> & { id: number }>; total: number }>();

describe('WFM post fields', () => {
  it('are stored, answered on lists, detail and the created event, and null when not given', async () => {
    const word = uniqueWord('wfm');
    const id = await createPost(t.app, { title: `${word} chat forecasting`, ...FIELDS });
    const plain = await createPost(t.app, { title: `${word} plain` });

    const shown = (await get(t.app, `/api/posts/${id}`)).json();
    expect(shown).toMatchObject(FIELDS);
    expect((await get(t.app, `/api/posts/${plain}`)).json()).toMatchObject({
      channel: null,
      platform: null,
      centre_size: null,
      region: null,
      accepted_comment_id: null,
      accepted_answer: null,
    });
    expect((await list(`q=${word}`)).posts.find((p) => p.id === id)).toMatchObject(FIELDS);
    expect((await outboxEvents(t.sql, 'forum.post.created')).find((e) => e.id === id)).toMatchObject(FIELDS);
  });

  it('accept every listed value, and empty or null as none', async () => {
    const values = [
      ...POST_CHANNELS.map((channel) => ({ channel })),
      ...WFM_PLATFORMS.map((platform) => ({ platform })),
      ...CENTRE_SIZES.map((centre_size) => ({ centre_size })),
      ...POST_REGIONS.map((region) => ({ region })),
    ];
    for (const value of values) {
      const id = await createPost(t.app, value);
      expect((await get(t.app, `/api/posts/${id}`)).json(), JSON.stringify(value)).toMatchObject(value);
    }
    const empty = await createPost(t.app, { channel: '', platform: null, centre_size: '', region: null });
    expect((await get(t.app, `/api/posts/${empty}`)).json()).toMatchObject({ channel: null, platform: null, centre_size: null, region: null });
  });

  it('refuse other values on create with the field message, never a 5xx', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ channel: 'fax' }, WFM_FIELD_MESSAGES.badChannel],
      [{ channel: 'Voice' }, WFM_FIELD_MESSAGES.badChannel],
      [{ channel: 42 }, WFM_FIELD_MESSAGES.badChannel],
      [{ channel: ['voice'] }, WFM_FIELD_MESSAGES.badChannel],
      [{ platform: 'NICE IEX' }, WFM_FIELD_MESSAGES.badPlatform],
      [{ platform: 'x'.repeat(10_000) }, WFM_FIELD_MESSAGES.badPlatform],
      [{ centre_size: '5000+' }, WFM_FIELD_MESSAGES.badCentreSize],
      [{ centre_size: { $gt: '' } }, WFM_FIELD_MESSAGES.badCentreSize],
      [{ region: "europe'; DROP TABLE posts; --" }, WFM_FIELD_MESSAGES.badRegion],
      [{ region: true }, WFM_FIELD_MESSAGES.badRegion],
    ];
    for (const [fields, message] of cases) {
      const res = await post(t.app, '/api/posts', validPost(fields));
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('filter the feed one by one and together, with search, type and every sort, and count what they list', async () => {
    const word = uniqueWord('wfmf');
    const a = await createPost(t.app, { title: `${word} a`, ...FIELDS });
    const b = await createPost(t.app, { title: `${word} b`, channel: 'chat', platform: 'verint', region: 'europe' });
    const c = await createPost(t.app, { title: `${word} c`, type: 'Idea', channel: 'voice', platform: 'nice-iex', centre_size: '250-999' });
    await createPost(t.app, { title: `${word} d` });

    const ids = async (query: string) => (await list(`q=${word}&${query}`)).posts.map((p) => p.id).sort();
    expect(await ids('channel=chat')).toEqual([a, b].sort());
    expect(await ids('platform=nice-iex')).toEqual([a, c].sort());
    expect(await ids('centre_size=250-999')).toEqual([a, c].sort());
    expect(await ids('region=uk-ireland')).toEqual([a]);
    expect(await ids('channel=chat&platform=nice-iex')).toEqual([a]);
    expect(await ids('platform=nice-iex&type=Idea')).toEqual([c]);
    expect(await ids('channel=email')).toEqual([]);
    for (const sort of ['latest', 'trending', 'upvotes']) {
      expect(await ids(`channel=chat&sort=${sort}`), sort).toEqual([a, b].sort());
    }
    expect((await list(`q=${word}&channel=chat`)).total).toBe(2);
    // Empty values are no filter (spec 1 §5: empty query values are omitted).
    expect(await ids('channel=&platform=&centre_size=&region=')).toHaveLength(4);
  });

  it('filters without a search count exactly too (not the per-type totals)', async () => {
    const region = 'australia-nz';
    const before = (await list(`region=${region}`)).total;
    await createPost(t.app, { region });
    const after = await list(`region=${region}`);
    expect(after.total).toBe(before + 1);
    expect(after.posts.every((p) => p.region === region)).toBe(true);
  });

  it('refuse unknown filter values with a message', async () => {
    for (const query of ['channel=fax', 'platform=sap', 'centre_size=huge', 'region=mars', 'channel=chat&channel=voice', `region=${'x'.repeat(3000)}`]) {
      const res = await get(t.app, `/api/posts?${query}`);
      expect(res.statusCode, query.slice(0, 40)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
