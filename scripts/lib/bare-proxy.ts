import path from 'node:path';
import { startBareServer, type BareServer } from './bare-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The program of the bare proxy: node:http in front, the gateway's own undici Pool behind, each
 * GET forwarded as it came and its body gathered and written back with the service's content type,
 * as the gateway does on a miss (gateway/src/read-cache/upstream-read.ts). No framework, no cache,
 * no rate limit, no headers of its own: the least a Node.js proxy can do per request, so its CPU
 * per request against the service's is the lowest ratio any proxy written in Node.js reaches here.
 */
const SERVER_SOURCE = `
const http = require('node:http');
const { Pool } = require('undici');
const upstream = new Pool(process.argv[1], { connections: 512, pipelining: 1 });
http.createServer((req, res) => {
  if (req.url === '/healthz') { res.writeHead(200, { 'content-length': 0 }); res.end(); return; }
  const chunks = [];
  let length = 0;
  upstream.dispatch({ method: 'GET', path: req.url, headers: { accept: 'application/json' } }, {
    onRequestStart() {},
    onResponseStart(_controller, status, headers) { res.statusCode = status; res.setHeader('content-type', headers['content-type'] ?? 'application/octet-stream'); },
    onResponseData(_controller, chunk) { chunks.push(chunk); length += chunk.length; },
    onResponseEnd() {
      const body = Buffer.allocUnsafeSlow(length);
      let offset = 0;
      for (const chunk of chunks) offset += chunk.copy(body, offset);
      res.setHeader('content-length', length);
      res.end(body);
    },
    onResponseError() { res.statusCode = 502; res.end(); },
  });
}).listen(Number(process.argv[2]), '127.0.0.1');
`;

/** Starts the bare proxy in its own process on a free port, in front of `upstreamUrl`. */
export function startBareProxy(upstreamUrl: string): Promise<BareServer> {
  // Run from the repository, so `require('undici')` finds the gateway's copy.
  return startBareServer('bare proxy', SERVER_SOURCE, [upstreamUrl], { cwd: ROOT });
}
