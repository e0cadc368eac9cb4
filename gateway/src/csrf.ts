import type { IncomingHttpHeaders } from 'node:http';

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site values of a request the staff app itself made, or the user typed. */
const OWN_SITE = new Set(['same-origin', 'none']);

/** Origin `https://example.com` against Host `example.com:443`: same host once default ports are dropped. */
export function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const from = new URL(origin);
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    // `Origin: null` (sandboxed frames, some redirects) and garbage are never our own page.
    return false;
  }
}

/**
 * A state-changing request a browser sent from another site: Sec-Fetch-Site says so, or Origin
 * names another host. Requests with neither header (curl, scripts) pass; the SameSite=Strict
 * session cookie keeps those from riding on a browser session anyway.
 */
export function isCrossSiteRequest(method: string, headers: IncomingHttpHeaders, host: string | undefined): boolean {
  if (SAFE_METHODS.has(method)) return false;
  const site = headers['sec-fetch-site'];
  if (site !== undefined && !OWN_SITE.has(site.toLowerCase())) return true;
  const origin = headers.origin;
  return origin !== undefined && !sameHost(origin, host);
}
