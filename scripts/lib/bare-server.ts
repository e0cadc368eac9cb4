import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-ports.ts';
import { waitForProcessReady } from './wait.ts';

export interface BareServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Runs `source` (a CommonJS program for `node -e`, given `args` and then a free port as its
 * arguments) in its own process, and resolves once it answers GET /healthz. The benches' bare
 * references (bare-reference.ts, bare-proxy.ts) start this way; `onStop` runs after it has exited.
 */
export async function startBareServer(
  name: string,
  source: string,
  args: string[],
  opts: { cwd?: string; onStop?: () => void } = {},
): Promise<BareServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['-e', source, ...args, String(port)], { cwd: opts.cwd, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForProcessReady(name, child, `${url}/healthz`, 10_000);
  return {
    url,
    process: child,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      opts.onStop?.();
    },
  };
}
