import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedLogDestination, LOG_FLUSH_INTERVAL_MS } from '../src/log-destination.ts';
import { createLogger } from '../src/logger.ts';

describe('buffered log destination', () => {
  it('writes a lone line within the flush interval, though it is far below the buffer size', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'service-log-')), 'service.log');
    const output = bufferedLogDestination(file);
    try {
      const logger = createLogger('forum-test', 'info', output.stream);
      logger.warn('a warning on a quiet process');
      await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_INTERVAL_MS * 2.5));
      const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
      expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['a warning on a quiet process']);
    } finally {
      output.stop();
    }
  });

  it('writes what is still buffered when stopped', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'service-log-')), 'service.log');
    const output = bufferedLogDestination(file);
    const logger = createLogger('forum-test', 'info', output.stream);
    await new Promise((resolve) => setTimeout(resolve, 100));
    logger.info('last line before shutdown');
    output.stop();
    expect(await readFile(file, 'utf8')).toContain('last line before shutdown');
  });
});
