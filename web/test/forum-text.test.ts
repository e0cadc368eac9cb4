import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '../src/lib/relative-time.ts';
import { safeUrl } from '../src/lib/safe-url.ts';
import { stripMarkdown } from '../src/lib/strip-markdown.ts';
import { exportFileName, exportMarkdown } from '../src/features/posts/utils/export.ts';
import { shareText, shareUrl } from '../src/features/posts/utils/share.ts';
import { suggestTags } from '../src/features/create-post/data/tag-suggestions.ts';
import { typeFromQuery } from '../src/features/create-post/components/create-post-form.tsx';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relative time (spec 1 §9)', () => {
  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [MIN, '1 minute ago'],
    [59 * MIN, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [DAY, '1 day ago'],
    [6 * DAY, '6 days ago'],
    [7 * DAY, '1 week ago'],
    [29 * DAY, '4 weeks ago'],
    [30 * DAY, '1 month ago'],
    [364 * DAY, '12 months ago'],
    [365 * DAY, '1 year ago'],
    [3 * 365 * DAY, '3 years ago'],
  ])('%i ms ago reads "%s"', (elapsed, text) => {
    expect(formatRelativeTime(NOW - elapsed, NOW)).toBe(text);
  });

  it('treats a time slightly in the future as just now', () => {
    expect(formatRelativeTime(NOW + 5000, NOW)).toBe('just now');
  });
});

describe('markdown stripping', () => {
  it('removes headings, emphasis, code, links, images, quotes, lists and tags', () => {
    const md = [
      '# Title',
      '## Sub',
      'Some **bold**, *italic*, __strong__ and _em_ text with `code`.',
      '> quoted',
      '- item one',
      '1. item two',
      'A [link](https://example.com) and ![alt text](/img.png).',
      '<b>html</b> stays as text',
      '```js',
      'const x = 1;',
      '```',
    ].join('\n');
    expect(stripMarkdown(md)).toBe(
      'Title Sub Some bold, italic, strong and em text with code. quoted item one item two A link and alt text. html stays as text const x = 1;',
    );
  });

  it('reduces a table to its cells and drops its delimiter row', () => {
    const md = 'Targets:\n\n| Metric | Target |\n|:--|--:|\n| Service level | 80/20 |\n| AHT | 300 s |\n\nNo | pipes | here';
    expect(stripMarkdown(md)).toBe('Targets: Metric Target Service level 80/20 AHT 300 s No | pipes | here');
    expect(stripMarkdown('a\n\n---\n\nb')).toBe('a b');
  });

  it('leaves snake_case names and arithmetic alone', () => {
    expect(stripMarkdown('ask forecast_pro_user if 2 * 3 > 5')).toBe('ask forecast_pro_user if 2 * 3 > 5');
  });
});

describe('share (spec 1 §9)', () => {
  it('cuts the stripped body to 100 characters and adds an ellipsis', () => {
    const body = `**${'a'.repeat(60)}** ${'b'.repeat(80)}`;
    const text = shareText(body);
    expect(text).toBe(`${'a'.repeat(60)} ${'b'.repeat(39)}...`);
    expect(shareText('Short *note*')).toBe('Short note...');
  });

  it('links to {origin}/post/{id}', () => {
    expect(shareUrl(42, 'https://wfm.example')).toBe('https://wfm.example/post/42');
  });
});

describe('export (spec 1 §9)', () => {
  it('names the file after the title: lowercased, non-alphanumerics as hyphens, .md', () => {
    expect(exportFileName('Hello World')).toBe('hello-world.md');
    expect(exportFileName('RTA: 95% adherence?')).toBe('rta--95--adherence-.md');
    expect(exportFileName('Équipe IEX')).toBe('-quipe-iex.md');
  });

  it('holds the title, author, created date, tags and body', () => {
    const text = exportMarkdown({
      title: 'Shrinkage math',
      author_name: 'planner_jo',
      created_at: NOW,
      tags: 'shrinkage,planning',
      body: 'The **body**.',
    });
    expect(text).toContain('# Shrinkage math');
    expect(text).toContain('**Author:** planner_jo');
    expect(text).toContain(`**Created:** ${new Date(NOW).toLocaleString()}`);
    expect(text).toContain('**Tags:** #shrinkage #planning');
    expect(text.trimEnd().endsWith('The **body**.')).toBe(true);
  });
});

describe('safe URLs', () => {
  it.each(['https://example.com', 'http://x.y/z?q=1', 'mailto:a@b.c', '/post/1', '#top', 'relative/path', 'a/b:c'])(
    'keeps %s',
    (url) => expect(safeUrl(url)).toBe(url),
  );
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ])('drops %s', (url) => expect(safeUrl(url)).toBe(''));
});

describe('tag suggestions (spec 2 §5)', () => {
  it('suggests tags from title keywords, at most four', () => {
    expect(suggestTags('Forecasting weekly volume')).toEqual(['forecasting', 'volume']);
    expect(suggestTags('RTA and adherence tips')).toEqual(['rta']);
    expect(suggestTags('NICE IEX schedule shrinkage attrition capacity')).toEqual([
      'scheduling',
      'shrinkage',
      'attrition',
      'iex',
    ]);
    expect(suggestTags('A nicely done plan')).toEqual([]);
    expect(suggestTags('')).toEqual([]);
  });
});

describe('post type from the address', () => {
  it.each([
    [null, 'Question'],
    ['idea', 'Idea'],
    ['tool', 'Tool'],
    ['TOOL', 'Tool'],
    ['question', 'Question'],
    ['bogus', 'Question'],
  ])('?type=%s preselects %s', (value, type) => expect(typeFromQuery(value)).toBe(type));
});
