/**
 * `npm run dev`: the single-node backend plus Vite dev servers with hot reload for web/ (5173)
 * and admin-web/ (5174); both proxy /api, /ws and /uploads to the backend on PORT (8080).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const backendPort = process.env.PORT ?? '8080';

const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: backendPort, SKIP_WEB_BUILD: '1' },
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@wfm/web', '--', '--port', '5173', '--strictPort'], {
    cwd: ROOT,
    env: { ...process.env, PORT: backendPort },
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@wfm/admin-web', '--', '--port', '5174', '--strictPort'], {
    cwd: ROOT,
    env: { ...process.env, PORT: backendPort },
    stdio: 'inherit',
  }),
];

console.log(`\nDev: site http://localhost:5173/  admin http://localhost:5174/admin/  backend http://localhost:${backendPort}\n`);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const child of children) child.on('exit', (code) => code && stop());
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
