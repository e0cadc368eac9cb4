import type { FastifyRequest } from 'fastify';
import { defineLimits, HOUR, idParamTarget, MINUTE, TEN_MINUTES } from '@wfm/service-kit';

/**
 * Every limit of the forum (docs/operations.md lists them; RATE_LIMIT_SCALE and
 * RATE_LIMIT_FORUM_<NAME> tune them). Sized for a contact centre behind one NAT address: the
 * per-visitor limits do the fine work, the per-address ones are a safety net for a few hundred
 * people writing a few times in ten minutes, and per (address, post) an address adds at most a few
 * dozen upvotes to one post an hour, however many visitor tokens it holds. Routes attach a call's
 * limits with `rateLimited(app, '<call>')`.
 */
/** What a report names, read from the parsed body (a preHandler): comment:<id>, post:<id>, or null for help tickets. */
function reportTarget(req: FastifyRequest): string | null {
  const body = req.body as { comment_id?: unknown; post_id?: unknown } | null | undefined;
  const id = (v: unknown) => (typeof v === 'number' || typeof v === 'string') && /^[1-9][0-9]{0,14}$/.test(String(v)) ? String(v) : null;
  const comment = id(body?.comment_id);
  if (comment !== null) return `comment:${comment}`;
  const post = id(body?.post_id);
  return post === null ? null : `post:${post}`;
}

export const FORUM_LIMITS = defineLimits(
  'forum',
  {
    'post-visitor': { max: 10, windowMs: MINUTE, key: 'visitor', protects: 'new posts, per visitor' },
    'post-ip': { max: 1_500, windowMs: TEN_MINUTES, key: 'address', protects: 'new posts from one address' },
    'comment-visitor': { max: 20, windowMs: MINUTE, key: 'visitor', protects: 'new comments, per visitor' },
    'comment-ip': { max: 3_000, windowMs: TEN_MINUTES, key: 'address', protects: 'new comments from one address' },
    'upvote-visitor': { max: 120, windowMs: MINUTE, key: 'visitor', protects: 'upvotes, per visitor' },
    'upvote-ip': { max: 6_000, windowMs: TEN_MINUTES, key: 'address', protects: 'upvotes from one address' },
    'upvote-ip-post': {
      max: 30,
      windowMs: HOUR,
      key: 'address-target',
      protects: 'upvotes one address adds to one post (scripts holding many tokens)',
    },
    'accept-visitor': { max: 30, windowMs: MINUTE, key: 'visitor', protects: 'marking, changing or clearing accepted answers, per visitor' },
    'accept-ip': { max: 1_500, windowMs: TEN_MINUTES, key: 'address', protects: 'accepted-answer changes from one address' },
    'edit-visitor': { max: 30, windowMs: MINUTE, key: 'visitor', protects: 'edits and deletions of own posts and comments, per visitor' },
    'edit-ip': { max: 1_500, windowMs: TEN_MINUTES, key: 'address', protects: 'edits and deletions of own posts and comments from one address' },
    'report-visitor': { max: 10, windowMs: MINUTE, key: 'visitor', protects: 'reports and help requests, per visitor' },
    'report-ip': { max: 600, windowMs: TEN_MINUTES, key: 'address', protects: 'reports and help requests from one address' },
    'report-ip-target': {
      max: 5,
      windowMs: HOUR,
      key: 'address-target',
      protects: 'reports one address files against one post or comment (scripts holding many tokens)',
    },
    'suggestion-visitor': { max: 5, windowMs: MINUTE, key: 'visitor', protects: 'feature suggestions, per visitor' },
    'suggestion-ip': { max: 300, windowMs: TEN_MINUTES, key: 'address', protects: 'feature suggestions from one address' },
    'upload-visitor': { max: 10, windowMs: MINUTE, key: 'visitor', protects: 'attachment uploads, per visitor' },
    'upload-ip': { max: 600, windowMs: TEN_MINUTES, key: 'address', protects: 'attachment uploads from one address' },
    'upload-read-ip': {
      max: 3_000,
      windowMs: MINUTE,
      key: 'address',
      protects: 'attachment reads (/uploads) from one address; generous, as pages show images',
    },
    // The bell reads on every page load and on each live reply; marking read happens on the page.
    'notifications-read-visitor': { max: 120, windowMs: MINUTE, key: 'visitor', protects: 'replies-to-me reads (the bell), per visitor' },
    'notifications-seen-visitor': { max: 60, windowMs: MINUTE, key: 'visitor', protects: 'replies marked read, per visitor' },
  },
  {
    post: ['post-visitor', 'post-ip'],
    comment: ['comment-visitor', 'comment-ip'],
    upvote: { limits: ['upvote-visitor', 'upvote-ip-post', 'upvote-ip'], target: idParamTarget },
    accept: ['accept-visitor', 'accept-ip'],
    edit: ['edit-visitor', 'edit-ip'],
    report: ['report-visitor', 'report-ip'],
    'report-target': { limits: ['report-ip-target'], target: reportTarget },
    suggestion: ['suggestion-visitor', 'suggestion-ip'],
    upload: ['upload-visitor', 'upload-ip'],
    'upload-read': ['upload-read-ip'],
    'notifications-read': ['notifications-read-visitor'],
    'notifications-seen': ['notifications-seen-visitor'],
  },
);
