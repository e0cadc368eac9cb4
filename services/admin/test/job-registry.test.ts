import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../src/jobs/handlers.ts';
import { JobRegistry, type JobHandler } from '../src/jobs/registry.ts';

const handler = (name: string): JobHandler => ({ name, run: async () => undefined });

describe('JobRegistry', () => {
  it('holds the handlers by name', () => {
    const backup = handler('backup');
    const registry = new JobRegistry([backup, handler('restore')]);
    expect(registry.names).toEqual(['backup', 'restore']);
    expect(registry.get('backup')).toBe(backup);
  });

  it('throws on a duplicate handler name', () => {
    expect(() => new JobRegistry([handler('backup'), handler('restore'), handler('backup')])).toThrow(
      'Duplicate job handler "backup"',
    );
  });

  it('throws when asked for a handler it does not have', () => {
    expect(() => new JobRegistry([]).get('backup')).toThrow('No job handler named "backup"');
  });

  it('is built from the worker handler list without error', () => {
    expect(() => new JobRegistry(jobHandlers)).not.toThrow();
  });
});
