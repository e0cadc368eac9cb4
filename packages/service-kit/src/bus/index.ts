import type { Logger } from 'pino';
import { createMemoryBus } from './memory.ts';
import { createNatsBus } from './nats.ts';
import type { EventBus } from './types.ts';

export type { BusEvent, ConsumerLag, EventBus, PublishOptions, EventHandler, RawBusEvent, SubjectsMatching, SubscribeOptions, TypedBusEvent } from './types.ts';
export { createMemoryBus, type MemoryBusOptions } from './memory.ts';
export { createNatsBus, ensureEventStream, type NatsBusOptions } from './nats.ts';
export { subjectMatches } from './subjects.ts';

/** NATS JetStream when natsUrl is given, else the in-process bus. */
export async function createBus(opts: { natsUrl?: string | undefined; logger: Logger; name?: string }): Promise<EventBus> {
  if (opts.natsUrl) return createNatsBus({ natsUrl: opts.natsUrl, logger: opts.logger, name: opts.name });
  return createMemoryBus({ logger: opts.logger });
}
