import { GATEWAY_PORT, SERVICES } from '@wfm/contracts/shared';

/** One process of the platform as deployed: a service, the gateway or the worker. */
export interface Unit {
  name: string;
  kind: 'service' | 'gateway' | 'worker';
  port: number;
  /** The file the image runs for it (relative to the repository root). */
  entry: string;
  /** Its own Postgres role; none for the gateway. */
  role?: string;
  /** The environment variable holding its port. */
  portEnv: 'PORT' | 'WORKER_PORT';
}

export interface ServiceLike {
  name: string;
  schema: string;
  port: number;
}

export const WORKER_PORT = 7107;
/** The internal Prometheus listener of every process (METRICS_PORT), never the public port. */
export const METRICS_PORT = 9464;
export const DATASTORES = ['postgres', 'nats', 'redis'] as const;

export const roleOf = (schema: string): string => `${schema}_svc`;
/** ama-booking -> AMA_BOOKING_URL, the gateway's variable for a service's address. */
export const urlEnvOf = (name: string): string => `${name.toUpperCase().replace(/-/g, '_')}_URL`;
/** identity_svc -> IDENTITY_SVC_PASSWORD, the variable infra/postgres/initdb reads. */
export const passwordEnvOf = (role: string): string => `${role.toUpperCase()}_PASSWORD`;

/** Every process to deploy: each service of SERVICES, the worker and the gateway. */
export function platformUnits(services: readonly ServiceLike[] = SERVICES): Unit[] {
  const admin = services.find((s) => s.name === 'admin');
  return [
    ...services.map((s): Unit => ({
      name: s.name,
      kind: 'service',
      port: s.port,
      entry: `services/${s.name}/src/server.ts`,
      role: roleOf(s.schema),
      portEnv: 'PORT',
    })),
    {
      name: 'worker',
      kind: 'worker',
      port: WORKER_PORT,
      entry: 'services/admin/src/worker.ts',
      role: admin ? roleOf(admin.schema) : 'admin_svc',
      portEnv: 'WORKER_PORT',
    },
    { name: 'gateway', kind: 'gateway', port: GATEWAY_PORT, entry: 'gateway/src/server.ts', portEnv: 'PORT' },
  ];
}

/** SERVICES plus one service that exists nowhere, to prove the checks really iterate. */
export function withFakeService(): ServiceLike[] {
  return [...SERVICES, { name: 'fake-svc', schema: 'fake', port: 7199 }];
}
