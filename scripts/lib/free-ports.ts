import { createServer, type Server } from 'node:net';

/**
 * `count` distinct ports the kernel reports free right now: all bound to port 0 at once, then
 * released. A port can still be taken between this and the launch: the process that fails to bind
 * then exits, and the launcher reports it with its last output.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** A port the kernel reports free right now (bound to port 0, then released). */
export const freePort = async (): Promise<number> => (await freePorts(1))[0]!;

/** A port a launcher means to listen on, and the variable that moves it. */
export interface PortClaim {
  port: number;
  /** The environment variable that sets this port, named in the refusal. */
  variable: string;
  /** What would listen there, e.g. `the embedded PostgreSQL`. */
  what: string;
  /** Address the listener binds (default 127.0.0.1). */
  host?: string;
}

/** Whether a listener could bind `port` on `host` now (EADDRINUSE: something else holds it). */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' || err.code === 'EACCES' ? resolve(false) : reject(err)));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The refusal for the first claim whose port is taken, naming the port, what needed it and the
 * variable that moves it; undefined when all are free. Port 0 (any) is never busy.
 */
export async function busyPortMessage(claims: PortClaim[]): Promise<string | undefined> {
  for (const claim of claims) {
    if (claim.port === 0 || (await portIsFree(claim.port, claim.host))) continue;
    return (
      `port ${claim.port} (${claim.what}) is already in use on ${claim.host ?? '127.0.0.1'}: another run of this site ` +
      `(from this folder or a second clone) or another program holds it. Stop it, or set ${claim.variable} to a free port.`
    );
  }
  return undefined;
}
