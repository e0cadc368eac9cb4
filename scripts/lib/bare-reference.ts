import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBareServer, type BareServer } from './bare-server.ts';

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
const answers = {};
for (const file of fs.readdirSync(dir)) if (file.endsWith('.json')) answers['/' + file.slice(0, -5)] = load(file.slice(0, -5));
http.createServer((req, res) => {
  const answer = answers[req.url];
  if (!answer) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
}).listen(Number(process.argv[2]), '127.0.0.1');
`;

const DROPPED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Fetches `url` as autocannon would (no Accept-Encoding, unless `headers` name one) and keeps what
 * the reference replays: gzip bytes stay gzip (node:http's client does not decode them).
 */
export async function recordAnswer(url: string, headers: Record<string, string> = {}): Promise<RecordedAnswer> {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': 'identity', ...headers } }, resolve).once('error', reject);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const recorded: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!DROPPED.has(name) && value !== undefined) recorded[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { headers: recorded, body: Buffer.concat(chunks) };
}

/**
 * Starts the reference server in its own process on a free port, replaying each answer at
 * `/<name>` with the gateway's headers and bytes (`healthz` is required: it says the server is up).
 */
export function startBareReference(answers: { healthz: RecordedAnswer } & Record<string, RecordedAnswer>): Promise<BareServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wfm-bare-reference-'));
  for (const [name, answer] of Object.entries(answers)) {
    writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(answer.headers));
    writeFileSync(path.join(dir, `${name}.body`), answer.body);
  }
  return startBareServer('bare reference server', SERVER_SOURCE, [dir], { onStop: () => rmSync(dir, { recursive: true, force: true }) });
}
