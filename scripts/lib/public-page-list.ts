import type { PublicPagesSeed } from '../../e2e/lib/public-pages.ts';

/**
 * The public pages the browser benches open (lighthouse-bench.ts, interactive-bench.ts), by the
 * names BENCH_LIGHTHOUSE_PAGES and BENCH_INTERACTIVE_PAGES take. Not the not-found page: it
 * answers 404, and Lighthouse refuses to audit a 404 document.
 */
export function publicPages(postId: number, seed: PublicPagesSeed): Array<[name: string, path: string]> {
  return [
    ['home', '/'],
    ['post', `/post/${postId}`],
    ['polls', '/polls'],
    ['poll', `/polls/${seed.pollId}`],
    ['tools', '/tools'],
    ['templates', '/templates'],
    ['ama', '/ama'],
    ['ama-session', `/ama/${seed.sessionId}`],
    ['jobs', '/jobs'],
    ['calculators', '/calculators'],
    ['simulator', '/simulator'],
    ['help', '/help'],
  ];
}
