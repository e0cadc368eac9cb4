/**
 * A gateway process for `npm run bench hop`: the gateway of the folder given (this checkout, or an
 * older commit's `gateway/src` extracted beside it) in front of the hop upstream, with Redis (rate
 * limits and the shared cache layer, as deployed: alone in its namespace, a replica skips the
 * layer's lookups on misses) and the buffered stdout every server process uses. Arguments:
 * <repo folder> <port> <upstream url>.
 */
import path from 'node:path';
import { Redis } from 'ioredis';
import { SERVICES } from '@wfm/contracts/shared';
import { bufferedLogDestination, createLogger, createMemoryBus } from '@wfm/service-kit';

const [root, port, upstream] = process.argv.slice(2) as [string, string, string];
const src = path.join(root, 'gateway/src');
const { buildGateway } = (await import(path.join(src, 'app.ts'))) as typeof import('../../gateway/src/app.ts');
const buffered = bufferedLogDestination();
const serviceUrls = Object.fromEntries(SERVICES.map(({ name }) => [name, upstream])) as Parameters<typeof buildGateway>[0]['serviceUrls'];
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const app = await buildGateway({
  serviceUrls,
  bus: createMemoryBus(),
  redis,
  staffSecret: 'hop-bench-staff-secret-0123456789abcdef',
  logger: createLogger('gateway', 'info', buffered.stream),
  rateLimitPerMinute: 100_000_000,
  readCache: { namespace: `hop-bench-${process.pid}` },
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () => {
  void app.close().then(async () => {
    await redis.quit();
    buffered.stop();
    process.exit(0);
  });
});
