import { cn } from '@wfm/ui';
import { memo, type ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import { CALCULATION_FENCE, parseCalculationCard } from '../lib/calculation-card.ts';
import { safeUrl } from '../lib/safe-url.ts';
import { CalculationCardView } from './calculation-card.tsx';
import { ExternalAnchor } from './external-anchor.tsx';

/** The only elements a post or comment may render (spec 1 §5); everything else is unwrapped to its text. */
export const MARKDOWN_ELEMENTS = ['h1', 'h2', 'h3', 'p', 'br', 'strong', 'em', 'code', 'a'];

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

const components: Components = {
  a: ({ node: _node, ...props }) => <Link {...props} />,
  h1: ({ node: _node, ...props }) => <h1 className="mt-4 mb-2 text-2xl font-bold first:mt-0" {...props} />,
  h2: ({ node: _node, ...props }) => <h2 className="mt-4 mb-2 text-xl font-bold first:mt-0" {...props} />,
  h3: ({ node: _node, ...props }) => <h3 className="mt-3 mb-1.5 text-lg font-semibold first:mt-0" {...props} />,
  p: ({ node: _node, ...props }) => <p className="my-2 leading-relaxed first:mt-0 last:mb-0" {...props} />,
  code: ({ node: _node, className, children, ...props }) => {
    // A ```wfm-calculation block is data for a calculation card; invalid data stays plain code.
    if (className === `language-${CALCULATION_FENCE}`) {
      const card = parseCalculationCard(String(children));
      if (card) return <CalculationCardView card={card} />;
    }
    return (
      <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.85em] break-words" {...props}>
        {children}
      </code>
    );
  },
};

/**
 * Markdown of posts and comments: headings 1-3, bold, italic, inline code, links (new tab, no
 * referrer) and line breaks. Raw HTML is dropped and unsafe link protocols are removed. Memoized:
 * parsing is the costly part of a post page's render, and a page re-renders (visitor state, live
 * counts) far more often than a text changes.
 */
export const MarkdownContent = memo(function MarkdownContent({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn('text-sm break-words', className)}>
      <Markdown
        remarkPlugins={[remarkBreaks]}
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
