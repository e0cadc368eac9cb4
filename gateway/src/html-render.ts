/**
 * The server-side markup of the public pages the gateway renders (html-pages.ts): a light template
 * of the React routes' own markup (the same elements and Tailwind classes for the header and the
 * page's main content), the page's title, description, Open Graph / Twitter tags and canonical
 * URL, and the API answers the page was made from, so the React app starts with that data instead
 * of asking for it again (web/src/lib/initial-data.ts). No React runs on the server: see
 * docs/decisions.md, "Server-rendered public pages".
 */

export const SITE_NAME = 'WFM Community';
export const TAGLINE = 'Where Workforce Management Minds Connect';
/** The titles the React pages give themselves (web/src/routes). */
export const TOOLS_TITLE = 'Tools Directory';
export const JOBS_TITLE = 'Job & Role Spotlight';

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

/** A rendered page: the head, the main content markup and the API answers it was made from. */
export interface RenderedPage {
  head: PageHead;
  main: string;
  /** API path (exactly as the web app asks for it) -> its JSON answer, handed to the web app. */
  data: Record<string, unknown>;
  /** Paths of `data` whose answer differs for a visitor with a token (the web app asks again). */
  perVisitor?: string[];
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

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function time(ms: number, withTime = false): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return '';
  return `<time datetime="${date.toISOString()}">${esc((withTime ? DATE_TIME : DATE).format(date))}</time>`;
}

/** Paragraphs of a markdown body as escaped text (links and emphasis shown as their words). */
function paragraphs(markdown: string, className = 'text-base'): string {
  const blocks = markdown
    .split(/\n\s*\n/)
    .map((block) => plainText(block))
    .filter(Boolean);
  return `<div class="grid gap-3 ${className} break-words">${blocks.map((b) => `<p>${esc(b)}</p>`).join('')}</div>`;
}

const CARD = 'rounded-lg border border-border bg-card text-card-foreground shadow-sm';
const META = 'flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground';
const TAG = 'rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground';

function tagList(tags: readonly string[]): string {
  if (tags.length === 0) return '';
  return `<ul class="flex flex-wrap gap-1.5" aria-label="Tags">${tags.map((t) => `<li class="${TAG}">${esc(t)}</li>`).join('')}</ul>`;
}

const splitTags = (tags: string) =>
  tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

// ---------------------------------------------------------------------------------------------
// The shapes read from the API answers (only the fields the markup uses; @wfm/contracts has all).
// ---------------------------------------------------------------------------------------------

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
export interface ToolLike {
  id: number;
  name: string;
  category: string;
  url: string;
  short_desc: string;
  votes: number;
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

// ---------------------------------------------------------------------------------------------
// Main content of each page
// ---------------------------------------------------------------------------------------------

function pageHeading(title: string, intro: string): string {
  return `<div class="grid gap-1"><h1 class="text-2xl font-bold tracking-tight">${esc(title)}</h1><p class="text-muted-foreground">${esc(intro)}</p></div>`;
}

function postCard(post: PostLike): string {
  const preview = clip(plainText(post.body), 240);
  return `<article class="grid gap-3 ${CARD} p-4 sm:p-5" aria-labelledby="post-${post.id}-title">
<div class="${META}"><span>${esc(post.type)}</span><span aria-hidden="true">·</span>${time(post.created_at)}<span aria-hidden="true">·</span><span class="truncate font-medium text-foreground/80">${esc(post.author_name)}</span></div>
<h2 id="post-${post.id}-title" class="text-lg font-semibold leading-snug break-words"><a href="/post/${post.id}" class="hover:text-primary">${esc(post.title)}</a></h2>
${preview ? `<p class="line-clamp-3 text-sm break-words text-muted-foreground">${esc(preview)}</p>` : ''}
${tagList(splitTags(post.tags))}
<p class="border-t border-border pt-2 text-xs text-muted-foreground">${post.upvotes} upvotes · ${post.comment_count} comments</p>
</article>`;
}

export function homeMain(list: { posts: PostLike[]; total: number }): string {
  const posts =
    list.posts.length === 0
      ? `<p class="${CARD} px-6 py-10 text-center text-muted-foreground">No posts yet.</p>`
      : `<div class="grid gap-4">${list.posts.map(postCard).join('\n')}</div>`;
  return `<section class="grid gap-5">${pageHeading('Community Feed', TAGLINE)}${posts}</section>`;
}

export function postMain(post: PostLike & { comments: CommentLike[] }): string {
  const comments = post.comments
    .map(
      (c) =>
        `<li class="grid gap-1 ${CARD} p-3"><div class="${META}"><span class="font-medium text-foreground/80">${esc(c.author_name)}</span><span aria-hidden="true">·</span>${time(c.created_at)}</div>${paragraphs(c.body, 'text-sm')}</li>`,
    )
    .join('');
  return `<div class="grid gap-4"><a href="/" class="text-sm text-muted-foreground hover:text-primary">Back to feed</a>
<div class="${CARD} grid gap-5 p-4 sm:p-6"><article class="grid gap-5" aria-labelledby="post-title"><div class="grid gap-3">
<div class="${META}"><span>${esc(post.type)}</span><span aria-hidden="true">·</span>${time(post.created_at)}<span aria-hidden="true">·</span><span class="truncate font-medium text-foreground/80">${esc(post.author_name)}</span></div>
<h1 id="post-title" class="text-2xl font-bold leading-tight break-words">${esc(post.title)}</h1>${tagList(splitTags(post.tags))}</div>
${paragraphs(post.body)}
<p class="border-t border-border pt-3 text-xs text-muted-foreground">${post.upvotes} upvotes · ${post.comment_count} comments</p></article></div>
<section class="grid gap-3" aria-labelledby="comments-title"><h2 id="comments-title" class="text-lg font-semibold">Comments (${post.comment_count})</h2>
${comments ? `<ol class="grid gap-3">${comments}</ol>` : '<p class="text-sm text-muted-foreground">No comments yet.</p>'}</section></div>`;
}

export function pollMain(poll: PollLike): string {
  const options = poll.options
    .map(
      (o) =>
        `<li class="grid gap-1"><div class="flex justify-between gap-3 text-sm"><span class="break-words">${esc(o.text)}</span><span class="tabular-nums text-muted-foreground">${o.percentage}% (${o.votes})</span></div><div class="h-2 rounded-full bg-secondary"><div class="h-2 rounded-full bg-primary" style="width:${Math.max(0, Math.min(100, o.percentage))}%"></div></div></li>`,
    )
    .join('');
  return `<section class="grid gap-4"><a href="/polls" class="text-sm text-muted-foreground hover:text-primary">Back to polls</a>
<div class="${CARD} grid gap-4 p-4 sm:p-6"><div class="${META}"><span>${esc(poll.category)}</span><span aria-hidden="true">·</span><span>${esc(poll.created_by)}</span><span aria-hidden="true">·</span>${time(poll.created_at)}</div>
<h1 class="text-2xl font-bold leading-tight break-words">${esc(poll.title)}</h1>
${poll.description ? `<p class="text-muted-foreground break-words">${esc(poll.description)}</p>` : ''}
<ul class="grid gap-3" aria-label="Options">${options}</ul>
<p class="text-sm text-muted-foreground">${poll.total_votes} votes · ${esc(poll.status)}</p></div></section>`;
}

/** The badge classes of each display status (web: SessionStatusBadge, packages/ui Badge). */
const STATUS_BADGE: Record<string, string> = {
  scheduled: 'border-transparent bg-primary text-primary-foreground',
  live: 'border-transparent bg-destructive text-destructive-foreground',
  completed: 'border-transparent bg-secondary text-secondary-foreground',
  cancelled: 'border-border text-foreground',
};
const ARROW_LEFT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="m12 19-7-7 7-7"/><path d="M19 12H5"/></svg>';
const GHOST_SM_LINK =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors [&_svg]:size-4 [&_svg]:shrink-0 bg-transparent hover:bg-accent hover:text-accent-foreground h-8 px-3 text-xs w-fit';

/**
 * The session page laid out as the web app lays it out (ama-session-page.tsx: back link, card with
 * banner, title row, description as typed, host): the title and description keep their size when
 * React takes over, so the browser does not count the app's copy as a later, larger paint.
 */
export function sessionMain(session: SessionLike): string {
  // As the web app's hostInitials.
  const initials =
    session.host_name
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
      .join('') || '?';
  const banner = session.image_url
    ? `<img src="${esc(session.image_url)}" alt="Banner of ${esc(session.title)}" class="size-full object-cover" width="1120" height="490">`
    : `<div class="flex size-full flex-col items-center justify-center gap-2 bg-muted text-sm text-muted-foreground">Image unavailable</div>`;
  const badge = STATUS_BADGE[session.status]
    ? `<span class="inline-flex items-center rounded-full border px-2 py-0.5 text-[0.7rem] font-semibold leading-none ${STATUS_BADGE[session.status]} uppercase tracking-wide">${esc(session.status.toUpperCase())}</span>`
    : '';
  return `<div class="grid gap-6"><a href="/ama" class="${GHOST_SM_LINK}">${ARROW_LEFT}Back to AMA Sessions</a>
<div class="${CARD} overflow-hidden"><div class="relative block aspect-[16/7] w-full overflow-hidden rounded-t-lg rounded-none">${banner}</div>
<div class="grid gap-5 p-5 sm:p-6"><div class="flex flex-wrap items-start justify-between gap-3"><h1 class="text-2xl font-bold tracking-tight sm:text-3xl">${esc(session.title)}</h1>${badge}</div>
${session.description ? `<p class="whitespace-pre-line">${esc(session.description)}</p>` : ''}
<div class="flex items-start gap-3"><div class="grid size-12 shrink-0 place-content-center rounded-full bg-primary font-semibold text-primary-foreground" aria-hidden="true">${esc(initials)}</div><div class="grid gap-1"><p class="font-semibold">${esc(session.host_name)}</p>${session.host_bio ? `<p class="whitespace-pre-line text-sm text-muted-foreground">${esc(session.host_bio)}</p>` : ''}</div></div>
<p class="text-sm text-muted-foreground">${time(session.scheduled_time, true)} UTC · ${session.duration_minutes} minutes</p></div></div></div>`;
}

export function toolsMain(tools: ToolLike[]): string {
  const cards = tools
    .map(
      (t) =>
        `<li class="grid gap-2 ${CARD} p-4"><h2 class="font-semibold break-words">${esc(t.name)}</h2><p class="text-xs text-muted-foreground">${esc(t.category)} · ${t.votes} votes</p><p class="text-sm text-muted-foreground break-words">${esc(t.short_desc)}</p></li>`,
    )
    .join('');
  return `<section class="grid gap-5">${pageHeading(TOOLS_TITLE, 'Tools and templates recommended by workforce-management professionals.')}
${cards ? `<ul class="grid gap-4 sm:grid-cols-2">${cards}</ul>` : '<p class="text-muted-foreground">No tools yet.</p>'}</section>`;
}

export function jobsMain(jobs: JobLike[]): string {
  const cards = jobs
    .map(
      (j) =>
        `<li class="grid gap-2 ${CARD} p-4"><h2 class="text-lg font-semibold break-words">${esc(j.title)}</h2><p class="text-sm text-muted-foreground">${esc(j.company)} · ${esc(j.location)} · ${esc(j.job_type)}${j.salary_range ? ` · ${esc(j.salary_range)}` : ''}</p><p class="line-clamp-3 text-sm break-words">${esc(clip(plainText(j.description), 240))}</p>${tagList(j.tags)}</li>`,
    )
    .join('');
  return `<section class="grid gap-5">${pageHeading(JOBS_TITLE, 'Roles in workforce management and contact-centre operations, shared by the community.')}
${cards ? `<ul class="grid gap-4">${cards}</ul>` : '<p class="text-muted-foreground">No job postings yet.</p>'}</section>`;
}

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

/** The static header of the React shell (links work before any JavaScript). */
const HEADER = `<header class="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur"><div class="mx-auto flex h-14 w-full max-w-7xl items-center gap-3 px-4"><a href="/" class="flex min-w-0 shrink-0 items-center gap-2 rounded-md"><span class="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground" aria-hidden="true"><svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-5"><path d="M18 21a8 8 0 0 0-16 0"/><circle cx="10" cy="8" r="5"/><path d="M22 20c0-3.37-2-6.5-4-8a5 5 0 0 0-.45-8.3"/></svg></span><span class="flex flex-col leading-tight"><span class="font-bold tracking-tight">${SITE_NAME}</span><span class="hidden text-xs text-muted-foreground md:block">${TAGLINE}</span></span></a><nav aria-label="Sections" class="ml-auto flex min-w-0 items-center gap-3 overflow-x-auto text-sm"><a href="/tools" class="hover:text-primary">Tools</a><a href="/polls" class="hover:text-primary">Polls</a><a href="/ama" class="hover:text-primary">AMA</a><a href="/jobs" class="hover:text-primary">Jobs</a></nav></div></header>`;

/** The markup that goes inside `#root` before the React app takes it over. */
export function rootMarkup(main: string): string {
  return `<div class="flex min-h-dvh flex-col" data-server-rendered="">${HEADER}<div class="mx-auto flex w-full max-w-7xl flex-1 gap-6 px-4"><main id="main" class="min-w-0 flex-1 pt-6 pb-24 lg:pb-10">${main}</main></div></div>`;
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
  // No content (a page that does not exist): the app renders its own "not found" into an empty root.
  const withRoot = page.main === '' ? withHead : withHead.replace(/<div id="root">\s*<\/div>/i, () => `<div id="root">${rootMarkup(page.main)}</div>`);
  const data = { data: page.data, perVisitor: page.perVisitor ?? [] };
  return withRoot.replace(
    /<\/body>/i,
    () => `<script type="application/json" id="${INITIAL_DATA_ID}">${scriptJson(data)}</script>\n  </body>`,
  );
}
