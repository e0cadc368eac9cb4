import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownContent } from '../src/components/markdown.tsx';

function renderMarkdown(markdown: string): HTMLElement {
  return render(<MarkdownContent>{markdown}</MarkdownContent>).container;
}

/** Every element and attribute in the rendered tree. */
function inventory(root: HTMLElement) {
  const elements = [...root.querySelectorAll('*')];
  return {
    tags: new Set(elements.map((el) => el.tagName.toLowerCase())),
    attributes: elements.flatMap((el) => [...el.attributes].map((attr) => `${attr.name}=${attr.value}`)),
  };
}

const XSS_CORPUS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 1">',
  '<svg onload="window.__xss = 1"></svg>',
  '<a href="javascript:alert(1)">html link</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<div onclick="alert(1)" style="position:fixed">click</div>',
  '[click me](javascript:alert(1))',
  '[click me](JAVASCRIPT:alert(1))',
  '[encoded](javascript&#58;alert(1))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[vb](vbscript:msgbox(1))',
  '![img](javascript:alert(1))',
  '![pixel](https://tracker.example/p.gif)',
  '<javascript:alert(1)>',
  '[ref link][x]\n\n[x]: javascript:alert(1)',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><button>go</button></form>',
];

describe('markdown rendering (spec 1 §5)', () => {
  it('renders headings 1-3, bold, italic, inline code, links and line breaks', () => {
    const root = renderMarkdown('# One\n## Two\n### Three\n**bold** *italic* `code`\nnext line [site](https://example.com)');
    expect(root.querySelector('h1')).toHaveTextContent('One');
    expect(root.querySelector('h2')).toHaveTextContent('Two');
    expect(root.querySelector('h3')).toHaveTextContent('Three');
    expect(root.querySelector('strong')).toHaveTextContent('bold');
    expect(root.querySelector('em')).toHaveTextContent('italic');
    expect(root.querySelector('code')).toHaveTextContent('code');
    expect(root.querySelector('br')).not.toBeNull();
    const link = root.querySelector('a')!;
    expect(link).toHaveAttribute('href', 'https://example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('keeps the text of elements outside the list (deeper headings, images; task boxes stay text)', () => {
    const root = renderMarkdown('#### Four\n\n![alt words](/uploads/a.png)\n\n- [x] done task');
    const { tags } = inventory(root);
    for (const tag of ['h4', 'img', 'input']) expect(tags).not.toContain(tag);
    expect(root).toHaveTextContent('Four');
    expect(root).toHaveTextContent('done task');
  });

  it.each(XSS_CORPUS)('leaves %j inert', (markdown) => {
    const root = renderMarkdown(markdown);
    const { tags, attributes } = inventory(root);
    const allowed = new Set(['div', 'h1', 'h2', 'h3', 'p', 'br', 'strong', 'em', 'code', 'a', 'span']);
    for (const tag of tags) expect(allowed).toContain(tag);
    for (const attribute of attributes) {
      expect(attribute).not.toMatch(/^on/i);
      expect(attribute).not.toMatch(/^style=/i);
      expect(attribute).not.toMatch(/^(href|src)=\s*(javascript|data|vbscript):/i);
    }
    for (const link of root.querySelectorAll('a')) {
      expect(link.getAttribute('href')).toMatch(/^(https?:|mailto:|\/|#|[^:]*$)/);
    }
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('shows a link with a dropped URL as plain text', () => {
    const root = renderMarkdown('[click me](javascript:alert(1))');
    expect(root.querySelector('a')).toBeNull();
    expect(root).toHaveTextContent('click me');
  });
});

/** What planners paste (issue 23): lists, numbered steps, quotes, code, rules and tables. */
describe('markdown blocks', () => {
  const texts = (elements: NodeListOf<Element>) => [...elements].map((el) => el.textContent);

  it('renders a bulleted list as a list, not one run-on paragraph', () => {
    const root = renderMarkdown('Our cadence:\n\n- forecast weekly\n- reforecast daily\n* staff hourly');
    const lists = root.querySelectorAll('ul');
    expect(texts(lists[0]!.querySelectorAll('li'))).toEqual(['forecast weekly', 'reforecast daily']);
    // A new marker starts a new list, as in CommonMark.
    expect(texts(lists[1]!.querySelectorAll('li'))).toEqual(['staff hourly']);
    expect(root.querySelector('p')).toHaveTextContent(/^Our cadence:$/);
  });

  it('renders numbered steps as an ordered list, keeping the first number', () => {
    const root = renderMarkdown('1. Pull the history\n2. Remove outliers\n3. Fit the model\n\n7) seventh\n8) eighth');
    const [first, second] = root.querySelectorAll('ol');
    expect(texts(first!.querySelectorAll('li'))).toEqual(['Pull the history', 'Remove outliers', 'Fit the model']);
    expect(first).not.toHaveAttribute('start');
    expect(second).toHaveAttribute('start', '7');
  });

  it('nests a list inside a list item', () => {
    const root = renderMarkdown('- Forecast\n  - weekly\n  - daily\n- Schedule');
    const outer = root.querySelector('ul')!;
    expect(outer.querySelectorAll(':scope > li')).toHaveLength(2);
    expect(texts(outer.querySelectorAll('li ul li'))).toEqual(['weekly', 'daily']);
  });

  it('renders a blockquote, with its formatting', () => {
    const root = renderMarkdown('> Service level is a **lagging** indicator\n> of staffing.\n\nAfter.');
    const quote = root.querySelector('blockquote')!;
    expect(quote).toHaveTextContent('Service level is a lagging indicator of staffing.');
    expect(quote.querySelector('strong')).toHaveTextContent('lagging');
    expect(root.querySelector('blockquote + p')).toHaveTextContent('After.');
  });

  it('renders a fenced code block verbatim, markdown and HTML inside it as text', () => {
    const code = 'agents = ceil(load / occupancy)\n**not bold** <b>not html</b>\n  indented';
    const root = renderMarkdown(`Formula:\n\n\`\`\`python\n${code}\n\`\`\``);
    const pre = root.querySelector('pre')!;
    expect(pre.querySelector('code')!.textContent).toBe(`${code}\n`);
    expect(pre.querySelector('strong, b, br')).toBeNull();
    // Scrolls sideways inside its own box and can be reached with the keyboard.
    expect(pre).toHaveClass('overflow-x-auto');
    expect(pre).toHaveAttribute('tabindex', '0');
  });

  it('renders horizontal rules', () => {
    const root = renderMarkdown('Above\n\n---\n\nMiddle\n\n***\n\nBelow');
    expect(root.querySelectorAll('hr')).toHaveLength(2);
    expect(texts(root.querySelectorAll('p'))).toEqual(['Above', 'Middle', 'Below']);
  });

  it('renders a GFM table with header, cells, alignment and inline formatting, in a scrolling box', () => {
    const root = renderMarkdown(
      '| Metric | Target | Note |\n|:--|--:|---|\n| Service level | 80/20 | **voice** |\n| Occupancy | 85% | [why](https://example.com/occ) |',
    );
    const table = root.querySelector('table')!;
    expect(texts(table.querySelectorAll('thead th'))).toEqual(['Metric', 'Target', 'Note']);
    const rows = [...table.querySelectorAll('tbody tr')].map((row) => texts(row.querySelectorAll('td')));
    expect(rows).toEqual([
      ['Service level', '80/20', 'voice'],
      ['Occupancy', '85%', 'why'],
    ]);
    expect(table.querySelector('tbody td:nth-child(2)')).toHaveStyle({ textAlign: 'right' });
    expect(table.querySelector('td strong')).toHaveTextContent('voice');
    const link = table.querySelector('a')!;
    expect(link).toHaveAttribute('href', 'https://example.com/occ');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    const box = table.parentElement!;
    expect(box).toHaveClass('overflow-x-auto');
    expect(box).toHaveAttribute('tabindex', '0');
  });

  it('applies the same URL rules to links in lists, quotes and tables', () => {
    const root = renderMarkdown(
      '- [bad](javascript:alert(1))\n\n> [bad](data:text/html,x)\n\n| a |\n|---|\n| [bad](vbscript:x) |\n\n1. [good](https://example.com/ok) www.example.com',
    );
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    // Only the written link: a bare address stays text, as before (no GFM autolink literals).
    expect(hrefs).toEqual(['https://example.com/ok']);
    expect(root.querySelectorAll('li, blockquote, td')).toHaveLength(4);
    expect(root).toHaveTextContent('bad');
  });

  it('drops raw HTML inside lists, quotes and tables', () => {
    const root = renderMarkdown('- <img src=x onerror=alert(1)> item\n\n> <script>alert(1)</script> quote\n\n| <b onclick="x">a</b> |\n|---|\n| b |');
    const { tags, attributes } = inventory(root);
    for (const tag of ['img', 'script', 'b']) expect(tags).not.toContain(tag);
    expect(attributes.filter((a) => /^on/i.test(a))).toEqual([]);
    expect(root).toHaveTextContent('item');
  });

  it('renders strikethrough', () => {
    expect(renderMarkdown('~~old target~~ new target').querySelector('del')).toHaveTextContent('old target');
  });
});

