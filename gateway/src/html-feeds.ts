import { clip, plainText, type PostLike } from './html-document.ts';

/** One URL of the sitemap: a path below the site's origin. */
export interface SitemapEntry {
  path: string;
  /** Epoch ms of the last change, when known. */
  lastmod?: number | undefined;
  changefreq?: 'hourly' | 'daily' | 'weekly';
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Text safe in XML; characters XML 1.0 forbids are dropped. */
export const xmlEsc = (text: string) =>
  text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const isoDate = (ms: number) => new Date(ms).toISOString();

/** sitemaps.org 0.9 urlset. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const parts = [`<loc>${xmlEsc(`${origin}${e.path}`)}</loc>`];
    if (e.lastmod) parts.push(`<lastmod>${isoDate(e.lastmod)}</lastmod>`);
    if (e.changefreq) parts.push(`<changefreq>${e.changefreq}</changefreq>`);
    return `  <url>${parts.join('')}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** RSS 2.0 channel of the latest posts (newest first), with an atom:link to itself. */
export function rssXml(origin: string, channel: { title: string; description: string }, posts: readonly PostLike[]): string {
  const items = posts.map((p) => {
    const link = `${origin}/post/${p.id}`;
    return [
      '    <item>',
      `      <title>${xmlEsc(p.title)}</title>`,
      `      <link>${xmlEsc(link)}</link>`,
      `      <guid isPermaLink="true">${xmlEsc(link)}</guid>`,
      `      <pubDate>${new Date(p.created_at).toUTCString()}</pubDate>`,
      `      <category>${xmlEsc(p.type)}</category>`,
      `      <description>${xmlEsc(clip(plainText(p.body), 500))}</description>`,
      '    </item>',
    ].join('\n');
  });
  const newest = posts[0]?.created_at;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xmlEsc(channel.title)}</title>`,
    `    <link>${xmlEsc(`${origin}/`)}</link>`,
    `    <description>${xmlEsc(channel.description)}</description>`,
    '    <language>en</language>',
    `    <atom:link href="${xmlEsc(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    newest ? `    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>` : '',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** Crawlers stay out of the staff app and the API; the sitemap tells them the rest. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /api', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
