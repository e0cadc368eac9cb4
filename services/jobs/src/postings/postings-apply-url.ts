/**
 * What makes two apply URLs the same page for spam detection: host without "www." in lower case,
 * path without a trailing slash, the query; scheme and fragment do not matter.
 */
export function applyUrlKey(applyUrl: string): string {
  const url = new URL(applyUrl);
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '');
  return `${host}${url.port ? `:${url.port}` : ''}${path}${url.search}`;
}
