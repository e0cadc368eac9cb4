import { createServer } from 'node:net';

/** True when nothing listens on 127.0.0.1:`port` (checked by binding it for a moment). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the kernel reports free right now (bound to port 0, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const LOWEST = 20_000;
const HIGHEST = 60_000;

/**
 * The first of `count` consecutive free ports (the distributed launcher numbers the services from
 * one base port), from a random start so parallel runs on one machine rarely meet. A port can
 * still be taken between this check and the launch: the bench guard then stops the run, because
 * the process that failed to bind exits.
 */
export async function freePortBlock(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST - count));
    let free = true;
    for (let port = base; port < base + count && free; port++) free = await isFree(port);
    if (free) return base;
  }
  throw new Error(`no block of ${count} free ports found between ${LOWEST} and ${HIGHEST}`);
}
