import type { EventSubject } from '@wfm/contracts/shared';
import { DROPS_WHOLE_CACHE, type CachePolicy, type ProxyRoute } from '../routes.ts';
import { cachedPaths, type CacheGroup } from './cacheable-reads.ts';

interface Drop {
  groupOf: (params: Record<string, string>) => CacheGroup;
  /** Set for a group with parameters: how to read them from the event. */
  paramsOfEvent: CachePolicy['paramsOfEvent'] | undefined;
}

/**
 * Which events drop which cache groups, from the `droppedBy` of every cache policy in a route
 * table (plus DROPS_WHOLE_CACHE). An event about a group with parameters whose parameters cannot
 * be read from its data drops every entry rather than guess.
 */
export class CacheInvalidation {
  private readonly drops = new Map<string, Drop[]>();
  private readonly everything: ReadonlySet<string>;

  constructor(routes: readonly ProxyRoute[], dropsWholeCache: readonly EventSubject[] = DROPS_WHOLE_CACHE) {
    this.everything = new Set(dropsWholeCache);
    for (const { pattern, value } of cachedPaths(routes)) {
      const hasParams = value.policy.group.includes('{');
      if (hasParams && value.policy.droppedBy.length > 0 && !value.policy.paramsOfEvent) {
        throw new Error(`the cache policy of ${pattern} needs paramsOfEvent to know which ${value.policy.group} an event drops`);
      }
      for (const subject of value.policy.droppedBy) {
        const list = this.drops.get(subject) ?? [];
        list.push({ groupOf: value.groupOf, paramsOfEvent: hasParams ? value.policy.paramsOfEvent : undefined });
        this.drops.set(subject, list);
      }
    }
  }

  /** Every subject that invalidates something (the gateway subscribes to each). */
  get subjects(): string[] {
    return [...new Set([...this.drops.keys(), ...this.everything])];
  }

  /** The groups an event invalidates; undefined when it changes nothing the cache holds. */
  groupsInvalidatedBy(subject: string, data: unknown): readonly CacheGroup[] | 'all' | undefined {
    if (this.everything.has(subject)) return 'all';
    const drops = this.drops.get(subject);
    if (!drops) return undefined;
    const groups = new Set<CacheGroup>();
    for (const drop of drops) {
      if (!drop.paramsOfEvent) {
        groups.add(drop.groupOf({}));
        continue;
      }
      const params = drop.paramsOfEvent(data);
      if (params === undefined) return 'all';
      groups.add(drop.groupOf(params));
    }
    return [...groups];
  }
}
