import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pool } from 'undici';
import { collectAnswer } from '../src/read-cache/upstream-read.ts';

let server: Server;
let pool: Pool;
const large = Buffer.alloc(200_000, 'a');

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = req.url === '/large' ? large : Buffer.from('{"small":true}');
    res.writeHead(200, { 'content-type': 'application/json', 'x-seen': 'yes' });
    // In pieces, so the gateway receives several chunks.
    res.write(body.subarray(0, 5));
    res.end(body.subarray(5));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pool = new Pool(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
});
afterAll(async () => {
  await pool?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('collectAnswer', () => {
  it('gathers status, headers and the whole body from several chunks', async () => {
    const answer = await collectAnswer(pool, { method: 'GET', path: '/large' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-seen']).toBe('yes');
    expect(answer.body.equals(large)).toBe(true);
  });

  it('gives every body memory of its own size (a cached entry never holds a shared slab the budget does not count)', async () => {
    for (const path of ['/small', '/large']) {
      const { body } = await collectAnswer(pool, { method: 'GET', path });
      expect(body.byteOffset).toBe(0);
      expect(body.buffer.byteLength).toBe(body.length);
    }
  });
});
