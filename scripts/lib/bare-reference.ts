import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-ports.ts';
import { waitForProcessReady } from './wait.ts';

/** One answer the reference server replays: the gateway's own status line headers and body. */
export interface RecordedAnswer {
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * The program of the reference server: bare node:http, no framework, no hooks, every answer a
 * prepared buffer. It is the least any Node.js server can do per request, so the ratio it reaches
 * between a large and a tiny answer is what the bytes alone cost on this machine.
 */
const SERVER_SOURCE = `
const http = require('node:http');
const fs = require('node:fs');
const dir = process.argv[1];
const load = (name) => {
  const meta = JSON.parse(fs.readFileSync(dir + '/' + name + '.json', 'utf8'));
  return { headers: meta, body: fs.readFileSync(dir + '/' + name + '.body') };
};
const answers = { '/healthz': load('healthz'), '/feed': load('feed') };
http.createServer((req, res) => {
  const answer = answers[req.url];
  if (!answer) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
}).listen(Number(process.argv[2]), '127.0.0.1');
`;

const DROPPED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Fetches `url` as autocannon would (no Accept-Encoding) and keeps what the reference replays. */
export async function recordAnswer(url: string): Promise<RecordedAnswer> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!DROPPED.has(name)) headers[name] = value;
  });
  return { headers, body: Buffer.from(await res.arrayBuffer()) };
}

/**
 * Starts the reference server in its own process on a free port, replaying `healthz` at /healthz
 * and `feed` at /feed with the gateway's headers and bytes.
 */
export async function startBareReference(answers: {
  healthz: RecordedAnswer;
  feed: RecordedAnswer;
}): Promise<{ url: string; process: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'wfm-bare-reference-'));
  for (const [name, answer] of Object.entries(answers)) {
    writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(answer.headers));
    writeFileSync(path.join(dir, `${name}.body`), answer.body);
  }
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVER_SOURCE, dir, String(port)], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForProcessReady('bare reference server', child, `${url}/healthz`, 10_000);
  return {
    url,
    process: child,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
