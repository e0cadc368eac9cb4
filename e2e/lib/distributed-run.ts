import { randomBytes } from 'node:crypto';
import { startDistributed, type DistributedOptions, type DistributedRun } from '../../scripts/lib/distributed.ts';
import { E2E_PG_POOL_MAX, PG_ADMIN_URL, dropDatabase } from './database.ts';
import { SERVICES } from '@wfm/contracts/shared';
import { freePorts } from '../../scripts/lib/free-ports.ts';

export const TEST_SERVICE_PASSWORD = 'integration-test-password';

export interface TestRun extends DistributedRun {
  database: string;
  /** Stops every process and drops the run's database. */
  dispose(): Promise<void>;
}

/**
 * The distributed run (every service, the worker and the gateway as processes) against a fresh
 * database on the machine's PostgreSQL, its NATS and Redis, on free ports.
 */
export async function startTestRun(
  prefix: string,
  opts: Pick<DistributedOptions, 'replicas' | 'env' | 'readyTimeoutMs'> = {},
): Promise<TestRun> {
  const database = `${prefix}_${randomBytes(4).toString('hex')}`;
  const replicas = opts.replicas ?? 1;
  // Every port from the kernel: a random consecutive block once met a port another test held, and
  // the forum could never start.
  const serviceCount = SERVICES.length * replicas;
  const [gatewayPort, workerPort, ...rest] = await freePorts(2 + serviceCount + (replicas > 1 ? replicas : 0));
  const servicePorts = rest.slice(0, serviceCount);
  const gatewayReplicaPorts = rest.slice(serviceCount);
  let run: DistributedRun;
  try {
    run = await startDistributed({
      adminDatabaseUrl: PG_ADMIN_URL,
      database,
      natsUrl: 'nats://127.0.0.1:4222',
      redisUrl: 'redis://127.0.0.1:6379',
      gatewayPort: gatewayPort!,
      servicePorts,
      workerPort: workerPort!,
      staffSecret: 'integration-test-staff-header-secret-0000',
      servicePassword: TEST_SERVICE_PASSWORD,
      logLevel: 'warn',
      stdio: 'ignore',
      ...opts,
      // Beside the e2e site and the other projects' processes on one PostgreSQL (100 connections):
      // two per service process unless the test asks for another size (see E2E_PG_POOL_MAX).
      env: { PG_POOL_MAX: E2E_PG_POOL_MAX, ...opts.env },
      ...(replicas > 1 ? { gatewayReplicaPorts } : {}),
    });
  } catch (err) {
    // A process that never became ready: leave no database behind.
    await dropDatabase(database);
    throw err;
  }
  return {
    ...run,
    database,
    async dispose() {
      await run.stop();
      await dropDatabase(database);
    },
  };
}
