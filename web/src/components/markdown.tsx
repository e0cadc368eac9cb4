import { cn } from '@wfm/ui';
import { memo, type ComponentProps } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import remarkBreaks from 'remark-breaks';
import { parseCalculationCard } from '../lib/calculation-card.ts';
import { CALCULATION_FENCE } from '../lib/calculation-fence.ts';
import { safeUrl } from '../lib/safe-url.ts';
import { CalculationCardView } from './calculation-card.tsx';
import { ExternalAnchor } from './external-anchor.tsx';

/**
 * The only elements a post, comment or preview may render: spec 1 §9's headings 1-3, bold, italic,
 * inline code, links and line breaks, plus what planners paste (issue 23): lists, quotes, fenced
 * code, rules, GFM tables and strikethrough. Everything else (h4-h6, images) is unwrapped to its
 * text; raw HTML never renders.
 */
export const MARKDOWN_ELEMENTS = [
  'h1', 'h2', 'h3', 'p', 'br', 'strong', 'em', 'del', 'code', 'a',
  'ul', 'ol', 'li', 'blockquote', 'pre', 'hr',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
];

function Link({ href, children }: ComponentProps<'a'>) {
  if (!href) return <span>{children}</span>;
  return (
    <ExternalAnchor
      href={href}
      className="font-medium text-primary underline underline-offset-4 hover:no-underline"
    >
      {children}
    </ExternalAnchor>
  );
}

type Element = NonNullable<ExtraProps['node']>;

const textOf = (nodes: Element['children']): string =>
  nodes.map((n) => (n.type === 'text' ? n.value : n.type === 'element' ? textOf(n.children) : '')).join('');

/** A ```wfm-calculation block's card, or null when the block is other code or invalid card data. */
function calculationCardOf(pre: Element | undefined) {
  const code = pre?.children[0];
  if (code?.type !== 'element' || code.tagName !== 'code') return null;
  const classes = code.properties.className;
  if (!Array.isArray(classes) || !classes.includes(`language-${CALCULATION_FENCE}`)) return null;
  return parseCalculationCard(textOf(code.children));
}

/**
 * GFM tables and ~~strikethrough~~: the two extensions of remark-gfm, added the way it adds them,
 * without its autolink literals, footnotes and task lists (10 KB gzip more on the post page, and
 * behaviour nobody asked for). Lists, quotes, fenced code and rules are CommonMark already.
 */
function remarkGfmTables(this: { data(): object }) {
  // unified's Data lists these two fields only where remark-parse's types are loaded.
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(gfmTable(), gfmStrikethrough({ singleTilde: false }));
  (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown(), gfmStrikethroughFromMarkdown());
}

const BLOCK_GAP = 'my-2 first:mt-0 last:mb-0';

const components: Components = {
  a: ({ node: _node, ...props }) => <Link {...props} />,
  h1: ({ node: _node, ...props }) => <h1 className="mt-4 mb-2 text-2xl font-bold first:mt-0" {...props} />,
  h2: ({ node: _node, ...props }) => <h2 className="mt-4 mb-2 text-xl font-bold first:mt-0" {...props} />,
  h3: ({ node: _node, ...props }) => <h3 className="mt-3 mb-1.5 text-lg font-semibold first:mt-0" {...props} />,
  p: ({ node: _node, ...props }) => <p className="my-2 leading-relaxed first:mt-0 last:mb-0" {...props} />,
  ul: ({ node: _node, className: _className, ...props }) => <ul className={cn(BLOCK_GAP, 'list-disc space-y-1 pl-6')} {...props} />,
  ol: ({ node: _node, className: _className, ...props }) => <ol className={cn(BLOCK_GAP, 'list-decimal space-y-1 pl-6')} {...props} />,
  // Nested lists sit close.
  li: ({ node: _node, className: _className, ...props }) => <li className="leading-relaxed [&>ol]:my-1 [&>ul]:my-1" {...props} />,
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className={cn(BLOCK_GAP, 'border-l-4 border-border pl-3 text-muted-foreground')} {...props} />
  ),
  hr: ({ node: _node, ...props }) => <hr className="my-4 border-border" {...props} />,
  del: ({ node: _node, ...props }) => <del {...props} />,
  pre: ({ node, children }) => {
    // A valid ```wfm-calculation block is a calculation card; invalid data stays plain code.
    const card = calculationCardOf(node);
    if (card) return <CalculationCardView card={card} />;
    return (
      // Long lines scroll inside the block (focusable, so the keyboard can scroll it too).
      <pre tabIndex={0} className={cn(BLOCK_GAP, 'overflow-x-auto rounded-md bg-muted p-3 font-mono text-[0.85em] leading-relaxed [&>code]:rounded-none [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-[1em]')}>
        {children}
      </pre>
    );
  },
  code: ({ node: _node, className: _className, ...props }) => (
    // Inline code; inside a fenced block the <pre> takes the background and spacing away.
    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.85em] break-words" {...props} />
  ),
  // A wide table scrolls inside its own box instead of widening the page (phones). Columns take
  // their natural width and a long cell wraps at 15rem (not at a word per line on a phone).
  table: ({ node: _node, ...props }) => (
    <div tabIndex={0} className={cn(BLOCK_GAP, 'max-w-full overflow-x-auto rounded-md border border-border')}>
      <table className="w-max min-w-full border-collapse text-left" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => <th className="border-b border-border bg-muted px-3 py-1.5 font-semibold whitespace-nowrap" {...props} />,
  td: ({ node: _node, children, ...props }) => (
    <td className="border-t border-border px-3 py-1.5 align-top" {...props}>
      <div className="max-w-60">{children}</div>
    </td>
  ),
};

/**
 * Markdown of posts, comments and the editor preview (CommonMark with GFM tables and strikethrough,
 * single newlines as line breaks), only
 * the elements above. Raw HTML is dropped and unsafe link protocols are removed. Memoized: parsing
 * is the costly part of a post page's render, and a page re-renders (visitor state, live counts)
 * far more often than a text changes.
 */
export const MarkdownContent = memo(function MarkdownContent({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn('min-w-0 text-sm break-words', className)} data-testid="markdown">
      <Markdown
        remarkPlugins={[remarkGfmTables, remarkBreaks]}
        allowedElements={MARKDOWN_ELEMENTS}
        unwrapDisallowed
        skipHtml
        urlTransform={safeUrl}
        components={components}
      >
        {children}
      </Markdown>
    </div>
  );
});
