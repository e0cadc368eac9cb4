import { defineLimits, MINUTE } from '@wfm/service-kit';

/**
 * Every rate limit of the gateway (docs/operations.md lists them; RATE_LIMIT_SCALE and
 * RATE_LIMIT_GATEWAY_<NAME> tune them). The per-address /api limit is a safety net sized for a
 * contact centre behind one NAT address: 300-500 agents at about 20 uncached calls a minute each.
 * Reads answered from the read cache do not count.
 */
export const GATEWAY_LIMITS = defineLimits('gateway', {
  'api-ip': {
    max: 10_000,
    windowMs: MINUTE,
    key: 'address',
    protects: 'every /api call the read cache does not answer, and unknown URLs, from one address',
  },
  'feeds-ip': {
    max: 120,
    windowMs: MINUTE,
    key: 'address',
    protects: '/sitemap.xml and /rss.xml from one address, answered from the cache or not: feed readers of a contact centre polling every few minutes',
  },
  'my-data-ip': {
    max: 10,
    windowMs: MINUTE,
    key: 'address',
    protects: '"Your data" download and erase (/api/me/data, /api/me/data/erase) from one address: each call asks every service for everything of a visitor',
  },
  'my-data-visitor': {
    max: 5,
    windowMs: MINUTE,
    key: 'visitor',
    protects: '"Your data" download and erase by one visitor token: download, delete and a check afterwards fit',
  },
  'ws-upgrade-ip': {
    max: 1_000,
    windowMs: MINUTE,
    key: 'address',
    protects: 'websocket upgrade attempts (/ws) from one address: a whole contact centre opening the site at once',
  },
});
