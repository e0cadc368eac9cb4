import { cn } from '@wfm/ui';
import { startTransition, useEffect, useId, useState, type ComponentType } from 'react';
import { useHydrated } from '../hooks/use-hydrated.ts';

type Props = { children: string; className?: string };
type Renderer = ComponentType<Props>;

let loaded: Renderer | undefined;
let loading: Promise<Renderer> | undefined;
const load = () => (loading ??= import('./markdown.tsx').then((module) => (loaded = module.MarkdownContent)));

/** entry-server.tsx: the server renders Markdown at once (its bundle has the renderer). */
export function renderLazyMarkdownEagerly(renderer: Renderer): void {
  loaded = renderer;
}

/**
 * Markdown whose renderer (about 38 KB compressed) is not part of a page's first JavaScript
 * (issue 27 item 4). The server renders it in full (renderLazyMarkdownEagerly). While React hydrates
 * that page, the browser keeps the server's markup as it is (set as this element's HTML, which
 * hydration does not compare) and fetches the renderer, which then takes over with the same
 * markup. Shown without server markup (a page reached inside the app), the text shows as plain
 * lines until the renderer arrives (a few milliseconds once cached).
 */
export function LazyMarkdown({ children, className }: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [renderer, setRenderer] = useState<Renderer | undefined>(() => loaded);
  // The server's markup of this text, read once by the hydrating render (after it, never: the
  // element with this id could then be another page's on its way out).
  const [serverHtml] = useState(() =>
    loaded || hydrated || typeof document === 'undefined' ? undefined : document.querySelector(`[data-markdown="${CSS.escape(id)}"]`)?.innerHTML,
  );
  useEffect(() => {
    // A transition: the renderer parses every text of the page (a post's body and its comments);
    // React does it in slices, yielding between them, not in one long task on arrival.
    if (!renderer) void load().then((r) => startTransition(() => setRenderer(() => r)));
  }, [renderer]);

  if (renderer) {
    const Markdown = renderer;
    return (
      // data-markdown-rendered: the browser's renderer has taken over (never in the server's markup).
      <div className="contents" data-markdown={id} data-markdown-rendered={typeof document === 'undefined' ? undefined : ''}>
        <Markdown className={className}>{children}</Markdown>
      </div>
    );
  }
  if (serverHtml !== undefined) return <div className="contents" data-markdown={id} dangerouslySetInnerHTML={{ __html: serverHtml }} />;
  return (
    <div className="contents" data-markdown={id}>
      <div className={cn('whitespace-pre-line break-words', className)}>{children}</div>
    </div>
  );
}
