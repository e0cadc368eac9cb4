import { defineLimits, HOUR, idParamTarget, MINUTE, TEN_MINUTES } from '@wfm/service-kit';

/**
 * Every limit of the catalog (docs/operations.md lists them; RATE_LIMIT_SCALE and
 * RATE_LIMIT_CATALOG_<NAME> tune them). Per-visitor limits do the fine work; per-address ones are
 * a safety net sized for a contact centre behind one NAT address. Votes need a verified visitor
 * and count once per visitor anyway; the per (address, tool) limit stops a script holding many
 * tokens from pushing one tool up the Most Voted order, and the per (address, poll) limit one from
 * stuffing one poll: 400 a day lets a 300-agent contact centre behind one NAT address all vote on
 * the same poll once (with room for repeats, which count too) while one address adds at most 400 of
 * the poll's votes a day, where it used to add about 1,000 an hour. Routes attach a call's limits with
 * `rateLimited(app, '<call>')`.
 */
export const CATALOG_LIMITS = defineLimits(
  'catalog',
  {
    'tool-visitor': { max: 10, windowMs: MINUTE, key: 'visitor', protects: 'new tools, per visitor' },
    'tool-ip': { max: 1_500, windowMs: TEN_MINUTES, key: 'address', protects: 'new tools from one address' },
    'tool-vote-visitor': { max: 120, windowMs: MINUTE, key: 'visitor', protects: 'tool votes, per visitor' },
    'tool-vote-ip': { max: 6_000, windowMs: TEN_MINUTES, key: 'address', protects: 'tool votes from one address' },
    'tool-vote-ip-tool': {
      max: 300,
      windowMs: HOUR,
      key: 'address-target',
      protects: 'votes one address adds to one tool (scripts holding many tokens)',
    },
    'template-visitor': { max: 10, windowMs: MINUTE, key: 'visitor', protects: 'new templates, per visitor' },
    'template-ip': { max: 600, windowMs: TEN_MINUTES, key: 'address', protects: 'new templates from one address' },
    'download-visitor': { max: 60, windowMs: MINUTE, key: 'visitor', protects: 'counted template downloads, per visitor' },
    'download-ip': { max: 6_000, windowMs: TEN_MINUTES, key: 'address', protects: 'counted template downloads from one address' },
    'template-file-ip': { max: 600, windowMs: MINUTE, key: 'address', protects: 'template file reads from one address' },
    'poll-visitor': { max: 10, windowMs: MINUTE, key: 'visitor', protects: 'new polls, per visitor' },
    'poll-ip': { max: 1_500, windowMs: TEN_MINUTES, key: 'address', protects: 'new polls from one address' },
    'poll-vote-visitor': { max: 120, windowMs: MINUTE, key: 'visitor', protects: 'poll votes, per visitor' },
    'poll-vote-ip': { max: 12_000, windowMs: TEN_MINUTES, key: 'address', protects: 'poll votes from one address' },
    'poll-vote-ip-poll': {
      max: 400,
      windowMs: 24 * HOUR,
      key: 'address-target',
      protects: 'votes one address adds to one poll (scripts holding many tokens; a 300-agent centre votes once each)',
    },
  },
  {
    tool: ['tool-visitor', 'tool-ip'],
    'tool-vote': { limits: ['tool-vote-visitor', 'tool-vote-ip-tool', 'tool-vote-ip'], target: idParamTarget },
    template: ['template-visitor', 'template-ip'],
    download: ['download-visitor', 'download-ip'],
    'template-file': ['template-file-ip'],
    poll: ['poll-visitor', 'poll-ip'],
    'poll-vote': { limits: ['poll-vote-visitor', 'poll-vote-ip-poll', 'poll-vote-ip'], target: idParamTarget },
  },
);
