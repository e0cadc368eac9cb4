import { SERVICES } from '@wfm/contracts/shared';
import { servicePort } from './distributed.ts';
import { busyPortMessage, freePorts, type PortClaim } from './free-ports.ts';
import { LauncherConfigError } from './service-roles.ts';

/** The port variables of `npm run start:distributed` (unset ones absent). */
export interface DistributedPortsEnv {
  PORT: number;
  REPLICAS: number;
  SERVICE_BASE_PORT?: number;
  WORKER_PORT?: number;
  GATEWAY_BASE_PORT?: number;
}

export interface DistributedPorts {
  gatewayPort: number;
  /** Each service process's port, in servicePort order (replica 0's services, then replica 1's, ...). */
  servicePorts: number[];
  workerPort: number;
  /** The gateways' own ports behind the balancer (REPLICAS > 1 only). */
  gatewayReplicaPorts?: number[];
}

/**
 * The ports a distributed run listens on. PORT (the site) and every variable that is set are used
 * as given, after checking nothing holds them; the internal ports left unset are taken from the
 * kernel, so a second run on the same machine gets its own instead of reaching the first run's
 * processes on 7101-7107. A taken port is refused (LauncherConfigError) naming it and its variable.
 */
export async function resolveDistributedPorts(env: DistributedPortsEnv): Promise<DistributedPorts> {
  const serviceCount = SERVICES.length * env.REPLICAS;
  const gatewayCount = env.REPLICAS > 1 ? env.REPLICAS : 0;
  const picked = await freePorts(
    (env.SERVICE_BASE_PORT === undefined ? serviceCount : 0) +
      (env.WORKER_PORT === undefined ? 1 : 0) +
      (env.GATEWAY_BASE_PORT === undefined ? gatewayCount : 0),
  );
  const take = (count: number) => picked.splice(0, count);

  const claims: PortClaim[] = [{ port: env.PORT, variable: 'PORT', what: env.REPLICAS > 1 ? 'the balancer, the site' : 'the gateway, the site' }];
  let servicePorts: number[];
  if (env.SERVICE_BASE_PORT === undefined) servicePorts = take(serviceCount);
  else {
    const base = env.SERVICE_BASE_PORT;
    servicePorts = Array.from({ length: serviceCount }, (_, i) => servicePort(base, i % SERVICES.length, Math.floor(i / SERVICES.length)));
    servicePorts.forEach((port, i) => claims.push({ port, variable: 'SERVICE_BASE_PORT', what: `the ${SERVICES[i % SERVICES.length]!.name} service` }));
  }
  let workerPort: number;
  if (env.WORKER_PORT === undefined) workerPort = take(1)[0]!;
  else {
    workerPort = env.WORKER_PORT;
    claims.push({ port: workerPort, variable: 'WORKER_PORT', what: 'the worker' });
  }
  let gatewayReplicaPorts: number[] | undefined;
  if (gatewayCount > 0) {
    if (env.GATEWAY_BASE_PORT === undefined) gatewayReplicaPorts = take(gatewayCount);
    else {
      const base = env.GATEWAY_BASE_PORT;
      gatewayReplicaPorts = Array.from({ length: gatewayCount }, (_, r) => base + r);
      gatewayReplicaPorts.forEach((port, r) => claims.push({ port, variable: 'GATEWAY_BASE_PORT', what: `gateway#${r + 1}` }));
    }
  }
  const mine = [env.PORT, ...servicePorts, workerPort, ...(gatewayReplicaPorts ?? [])];
  const twice = mine.find((port, i) => mine.indexOf(port) !== i);
  if (twice !== undefined) throw new LauncherConfigError(`port ${twice} is given to two processes; set PORT, SERVICE_BASE_PORT, WORKER_PORT and GATEWAY_BASE_PORT apart`);
  const busy = await busyPortMessage(claims);
  if (busy) throw new LauncherConfigError(busy);
  return { gatewayPort: env.PORT, servicePorts, workerPort, ...(gatewayReplicaPorts ? { gatewayReplicaPorts } : {}) };
}
