import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceFolders } from '../lib/workspaces.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const manifests = ['.', ...workspaceFolders()].map((dir) => path.join(dir, 'package.json'));

describe('how processes start', () => {
  it('the image starts every process as node --import tsx', () => {
    expect(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')).toMatch(/^ENTRYPOINT \["tini", "--", "node", "--import", "tsx"\]$/m);
  });

  it('no package script runs a file through the tsx command, which SIGKILLs a child slow to answer SIGTERM', () => {
    const offenders: string[] = [];
    for (const manifest of manifests) {
      const { scripts = {} } = JSON.parse(readFileSync(path.join(ROOT, manifest), 'utf8')) as { scripts?: Record<string, string> };
      for (const [name, command] of Object.entries(scripts)) {
        if (/(^|[;&|]\s*)(npx\s+)?tsx\s/.test(command)) offenders.push(`${manifest} ${name}: ${command}`);
      }
    }
    expect(offenders).toEqual([]);
    expect(manifests.length).toBeGreaterThan(8);
  });
});
