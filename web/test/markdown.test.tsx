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

  it('keeps the text of elements outside the list (lists, quotes, deeper headings, images)', () => {
    const root = renderMarkdown('#### Four\n\n- first\n- second\n\n> quoted\n\n![alt words](/uploads/a.png)\n\n---');
    const { tags } = inventory(root);
    for (const tag of ['h4', 'ul', 'li', 'blockquote', 'img', 'hr']) expect(tags).not.toContain(tag);
    expect(root).toHaveTextContent('Four');
    expect(root).toHaveTextContent('first');
    expect(root).toHaveTextContent('quoted');
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
