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
