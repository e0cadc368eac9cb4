import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { listPolls, type PollFilters } from '../src/polls/polls-repository.ts';
import { prefixQuery } from '../src/search/search-query.ts';
import { listTemplatesQuery, type TemplateFilters } from '../src/templates/templates-repository.ts';
import { listTools, type ToolFilters } from '../src/tools/tools-repository.ts';

let t: TestService;
const now = Date.now();
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
  // Enough rows that the planner's choices are the ones production gets.
  await t.sql`
    INSERT INTO tools (name, category, url, url_key, short_desc, submitted_by, votes, created_at)
    SELECT 'Tool ' || i || ' ' || (ARRAY['forecaster', 'scheduler', 'dashboard', 'adherence', 'costing'])[1 + i % 5],
           (ARRAY['Forecasting', 'Scheduling', 'RTA', 'Analytics/BI', 'QA/Scoring', 'Intraday', 'Hiring/Training',
                  'Data ETL', 'Scripting', 'Costing & Capacity'])[1 + i % 10],
           'https://t' || i || '.example', 't' || i || '.example', 'Description of tool ' || i, 'author_' || (i % 300),
           (i * 7919) % 500, ${now}::bigint - i::bigint * 60000
    FROM generate_series(1, 20000) AS i`;
  await t.sql`
    INSERT INTO uploads (name, original_name, mimetype, size, complete) VALUES ('0123456789abcdef0123456789abcdef.csv', 'a.csv', 'text/csv', 1, true)`;
  await t.sql`
    INSERT INTO templates (name, category, short_desc, url, submitted_by, downloads, created_at)
    SELECT 'Template ' || i || ' ' || (ARRAY['forecast', 'schedule', 'shrinkage', 'capacity', 'budget'])[1 + i % 5],
           (ARRAY['Forecasting Models', 'Scheduling Templates', 'RTA Dashboards', 'Capacity Planning', 'Shrinkage Analysis',
                  'Performance Reports', 'Budget Planning', 'Staff Planning', 'Data Analysis', 'Process Documentation'])[1 + i % 10],
           'Description ' || i, 'https://x' || i || '.example', 'author', (i * 104729) % 300, ${now}::bigint - i::bigint * 60000
    FROM generate_series(1, 20000) AS i`;
  await t.sql`
    INSERT INTO polls (title, description, category, created_by, creator_hash, expires_at, total_votes, created_at)
    SELECT 'Poll ' || i, 'Description ' || i, (ARRAY['scheduling', 'tools', 'metrics', 'strategy', 'general'])[1 + i % 5], 'author',
           CASE WHEN i % 50 = 0 THEN sha256(('visitor-' || (i % 1000))::bytea) END,
           CASE WHEN i % 3 = 0 THEN NULL ELSE ${now}::bigint + (i::bigint - 10000) * 3600000 END,
           (i * 7919) % 400, ${now}::bigint - i::bigint * 60000
    FROM generate_series(1, 20000) AS i`;
  await t.sql`INSERT INTO poll_options (poll_id, position, text) SELECT id, p, 'Option ' || p FROM polls, generate_series(0, 2) AS p`;
  await t.sql`VACUUM ANALYZE tools`;
  await t.sql`VACUUM ANALYZE templates`;
  await t.sql`VACUUM ANALYZE polls`;
  await t.sql`VACUUM ANALYZE poll_options`;
});
afterAll(async () => t?.close());

async function explain(query: PromiseLike<unknown>): Promise<string> {
  const rows = await t.sql`EXPLAIN ${query as ReturnType<typeof listTools>}`;
  return rows.map((r) => r['QUERY PLAN'] as string).join('\n');
}

const page = { limit: 100, offset: 0 };

describe('tool lists are served by an index', () => {
  const cases: Array<[string, ToolFilters, RegExp]> = [
    ['latest', { sort: 'latest', ...page }, /tools_latest_idx/],
    ['latest by category', { sort: 'latest', category: 'RTA', ...page }, /tools_(category_)?latest_idx/],
    ['votes', { sort: 'votes', ...page }, /tools_votes_idx/],
    ['votes by category', { sort: 'votes', category: 'Intraday', ...page }, /tools_(category_)?votes_idx/],
    ['name', { sort: 'name', ...page }, /tools_name_idx/],
    ['name by category', { sort: 'name', category: 'Scripting', ...page }, /tools_(category_)?name_idx/],
    ['search', { sort: 'latest', tsquery: prefixQuery('tool 1234'), ...page }, /tools_(search|latest)_idx/],
  ];
  it.each(cases)('%s', async (_name, filters, index) => {
    const plan = await explain(listTools(t.sql, filters));
    expect(plan).toMatch(index);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});

describe('template lists are served by an index', () => {
  const cases: Array<[string, TemplateFilters, RegExp]> = [
    ['latest', { sort: 'latest', ...page }, /templates_latest_idx/],
    ['latest by category', { sort: 'latest', category: 'Budget Planning', ...page }, /templates_(category_)?latest_idx/],
    ['downloads', { sort: 'downloads', ...page }, /templates_downloads_idx/],
    ['downloads by category', { sort: 'downloads', category: 'Data Analysis', ...page }, /templates_(category_)?downloads_idx/],
    ['name', { sort: 'name', ...page }, /templates_name_idx/],
    ['search', { sort: 'latest', tsquery: prefixQuery('template 777'), ...page }, /templates_(search|latest)_idx/],
  ];
  it.each(cases)('%s', async (_name, filters, index) => {
    const plan = await explain(listTemplatesQuery(t.sql, filters));
    expect(plan).toMatch(index);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});

describe('poll lists are served by an index', () => {
  const cases: Array<[string, Omit<PollFilters, 'now'>, RegExp[]]> = [
    ['newest', { sort: 'newest', ...page }, [/polls_newest_idx/]],
    ['newest by category', { sort: 'newest', category: 'tools', ...page }, [/polls_(category_)?newest_idx/]],
    ['popular', { sort: 'popular', ...page }, [/polls_popular_idx/]],
    ['popular by category', { sort: 'popular', category: 'metrics', ...page }, [/polls_(category_)?popular_idx/]],
    ['ending', { sort: 'ending', ...page }, [/polls_expires_idx/, /polls_newest_idx/]],
    ['ending by category', { sort: 'ending', category: 'general', ...page }, [/polls_(category_)?expires_idx/]],
    ['my polls', { sort: 'newest', creatorHash: Buffer.alloc(32, 7), ...page }, [/polls_creator_idx/]],
  ];
  it.each(cases)('%s', async (_name, filters, indexes) => {
    const plan = await explain(listPolls(t.sql, { ...filters, now }));
    for (const index of indexes) expect(plan).toMatch(index);
    expect(plan).not.toMatch(/Seq Scan/);
    // The options of each listed poll come from an index on poll_id.
    expect(plan).toMatch(/poll_options_poll_id_\w+_key/);
  });
});
