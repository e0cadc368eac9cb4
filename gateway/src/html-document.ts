/**
 * The document around a server-rendered public page (html-pages.ts): the built index.html with the
 * page's title, description, Open Graph / Twitter tags and canonical URL, the markup the web app's
 * server renderer made inside `#root` (web/src/entry-server.tsx), and the API answers it was made
 * from, so the browser's first render has the same data and hydrates the markup
 * (web/src/lib/initial-data.ts). The page's markup itself is never made here: see
 * docs/decisions.md, issue 27.
 */

export const SITE_NAME = 'WFM Community';

export const SITE_DESCRIPTION =
  'Where Workforce Management Minds Connect: an anonymous community for workforce-management professionals.';

/** What one page says about itself to search engines and link previews. */
export interface PageHead {
  /** Without the site name (added as `<title> · WFM Community`). */
  title: string;
  description: string;
  /** Absolute canonical URL of the page. */
  canonical: string;
  /** og:type: `website` for lists, `article` for a post. */
  type: 'website' | 'article';
  /** Absolute image URL for the preview card, when the page has one. */
  image?: string;
  /** Ask robots not to index (a page that does not exist). */
  noindex?: boolean;
}

/** A rendered page: the head, the markup of #root and the API answers it was made from. */
export interface RenderedPage {
  head: PageHead;
  /** The server renderer's markup of #root. */
  main: string;
  /** API path (exactly as the web app asks for it) -> its JSON answer, handed to the web app. */
  data: Record<string, unknown>;
  /** Paths of `data` whose answer differs for a visitor with a token (the web app asks again). */
  perVisitor?: string[];
  /** The clock the server renderer made `main` with (ms): the web app hydrates with the same. */
  renderedAt?: number;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (or an attribute value) safe inside HTML. */
export const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * JSON safe inside `<script type="application/json">`: no `</script>`, no `<!--`, and the two
 * line separators JavaScript once refused in strings.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Markdown reduced to its words, for descriptions and previews. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_~>#|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word with an ellipsis. */
export function clip(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// The fields of the API answers the head, the sitemap and the feed use (@wfm/contracts has all).

export interface PostLike {
  id: number;
  type: string;
  title: string;
  body: string;
  author_name: string;
  created_at: number;
  upvotes: number;
  tags: string;
  comment_count: number;
}
export interface CommentLike {
  id: number;
  body: string;
  author_name: string;
  created_at: number;
}
export interface PollLike {
  id: number;
  title: string;
  description: string;
  category: string;
  created_by: string;
  created_at: number;
  status: string;
  total_votes: number;
  options: Array<{ id: number; text: string; votes: number; percentage: number }>;
}
export interface SessionLike {
  id: number;
  title: string;
  description: string;
  host_name: string;
  host_bio: string;
  scheduled_time: number;
  duration_minutes: number;
  image_url: string | null;
  status: string;
}
export interface JobLike {
  id: number;
  title: string;
  company: string;
  location: string;
  job_type: string;
  category: string;
  description: string;
  salary_range: string | null;
  tags: string[];
  created_at: number;
}

/** The tags of a page's head (title, description, canonical, Open Graph, Twitter). */
export function headTags(head: PageHead): string {
  const title = `${head.title} · ${SITE_NAME}`;
  const tags = [
    `<title>${esc(title)}</title>`,
    `<meta name="description" content="${esc(head.description)}" />`,
    `<link rel="canonical" href="${esc(head.canonical)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${esc(head.title)}" />`,
    `<meta property="og:description" content="${esc(head.description)}" />`,
    `<meta property="og:url" content="${esc(head.canonical)}" />`,
    head.image ? `<meta property="og:image" content="${esc(head.image)}" />` : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${esc(head.title)}" />`,
    `<meta name="twitter:description" content="${esc(head.description)}" />`,
    head.image ? `<meta name="twitter:image" content="${esc(head.image)}" />` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** The attributes of a server-rendered `#root` before hydration. */
export const PENDING_ROOT = 'aria-busy="true" aria-disabled="true"';

/** The id of the script element that carries a page's API answers to the web app. */
export const INITIAL_DATA_ID = 'wfm-initial-data';

/**
 * The built index.html with the page's head tags (replacing its title, description and any
 * canonical/og/twitter tags), the content inside `#root` and the page's data before `</body>`.
 */
export function renderDocument(template: string, page: RenderedPage): string {
  const cleaned = template
    .replace(/\s*<title>[\s\S]*?<\/title>/i, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/gi, '')
    .replace(/\s*<link\s+rel="canonical"[^>]*>/gi, '')
    .replace(/\s*<meta\s+(property="og:|name="twitter:)[^>]*>/gi, '');
  const withHead = cleaned.replace(/<\/head>/i, () => `  ${headTags(page.head)}\n  </head>`);
  // Pending until React has hydrated it (web/src/app/start.tsx removes both): assistive technology,
  // and browser automation, see that its controls do not act yet; the boot script holds the clicks
  // on the controls marked for it and gives them once hydrated (web/vite.config.ts).
  const withRoot = withHead.replace(/<div id="root">\s*<\/div>/i, () => `<div id="root" ${PENDING_ROOT}>${page.main}</div>`);
  const data = { data: page.data, perVisitor: page.perVisitor ?? [], ...(page.renderedAt === undefined ? {} : { renderedAt: page.renderedAt }) };
  return withRoot.replace(
    /<\/body>/i,
    () => `<script type="application/json" id="${INITIAL_DATA_ID}">${scriptJson(data)}</script>\n  </body>`,
  );
}
