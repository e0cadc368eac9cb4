import { cn } from '@wfm/ui';
import { lazy, Suspense } from 'react';

const MarkdownContent = lazy(() => import('./markdown.tsx').then((module) => ({ default: module.MarkdownContent })));

/**
 * Markdown for text that is not what a page first shows (AMA answers): the renderer is fetched
 * after the page, so it adds nothing to the page's first JavaScript; until it arrives the text
 * shows as plain lines.
 */
export function LazyMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <Suspense fallback={<div className={cn('whitespace-pre-line break-words', className)}>{children}</div>}>
      <MarkdownContent className={className}>{children}</MarkdownContent>
    </Suspense>
  );
}
