/**
 * What makes two tool URLs "the same" for linking tools and community posts: host without `www.`
 * (lower case), path without a trailing slash, query kept, scheme and fragment ignored. Null for
 * anything that is not an http(s) URL.
 */
export function urlKey(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '');
  return `${host}${url.port ? `:${url.port}` : ''}${path}${url.search}`;
}
