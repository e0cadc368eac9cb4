import { cn } from '@wfm/ui';
import { startTransition, useEffect, useId, useState, type ComponentType } from 'react';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { CALCULATION_FENCE } from '../lib/calculation-fence.ts';

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
 * (issue 27 item 4). The server renders it in full (renderLazyMarkdownEagerly). A server-rendered
 * text keeps the server's markup (set as this element's HTML, which hydration does not compare) for
 * as long as the text is the same: it is the renderer's own output, and parsing a post's body again
 * in the browser was a 100-130 ms task on Lighthouse's slowed CPU (issue 27). The renderer is
 * fetched when the text changes (an edit arriving live) and for a text with a shared calculation,
 * whose card's link navigates inside the app. Shown without server markup (a page reached inside the
 * app), the text shows as plain lines until the renderer arrives (a few milliseconds once cached).
 */
export function LazyMarkdown({ children, className }: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [renderer, setRenderer] = useState<Renderer | undefined>(() => loaded);
  // The server's markup of this text, read once by the hydrating render (after it, never: the
  // element with this id could then be another page's on its way out).
  const [server] = useState(() => {
    if (loaded || hydrated || typeof document === 'undefined') return undefined;
    const html = document.querySelector(`[data-markdown="${CSS.escape(id)}"]`)?.innerHTML;
    return html === undefined ? undefined : { html, text: children };
  });
  const keepServer = server !== undefined && server.text === children && !children.includes(CALCULATION_FENCE);
  useEffect(() => {
    // A transition: the renderer parses every text it is given; React does it in slices, yielding
    // between them, not in one long task on arrival.
    if (!renderer && !keepServer) void load().then((r) => startTransition(() => setRenderer(() => r)));
  }, [renderer, keepServer]);

  // The server's markup: kept, or shown until the renderer that takes over has arrived.
  if (server !== undefined && (keepServer || !renderer)) {
    return <div className="contents" data-markdown={id} dangerouslySetInnerHTML={{ __html: server.html }} />;
  }
  if (renderer) {
    const Markdown = renderer;
    return (
      // data-markdown-rendered: the browser's renderer has taken over (never in the server's markup).
      <div className="contents" data-markdown={id} data-markdown-rendered={typeof document === 'undefined' ? undefined : ''}>
        <Markdown className={className}>{children}</Markdown>
      </div>
    );
  }
  return (
    <div className="contents" data-markdown={id}>
      <div className={cn('whitespace-pre-line break-words', className)}>{children}</div>
    </div>
  );
}
