import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { workspaceFolders } from './workspaces.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Folders with a tsconfig.json that are not workspaces. */
const NON_WORKSPACES = ['infra', 'e2e', 'scripts'];

/**
 * Every folder to type-check: each workspace of the root package.json (a new service is checked
 * without being listed anywhere) and the non-workspace folders, each with its own tsconfig.json.
 */
export function typecheckedFolders(): string[] {
  return [...workspaceFolders(), ...NON_WORKSPACES].filter((folder) => existsSync(path.join(ROOT, folder, 'tsconfig.json')));
}

function typecheck(folder: string): Promise<{ folder: string; ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', folder, '--noEmit', '--pretty'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ folder, ok: code === 0, output }));
  });
}

/**
 * Type-checks every folder, as many at a time as the machine has cores (one tsc each, so a
 * folder's own compiler options apply), printing each result as it finishes. True when all pass.
 */
export async function typecheckAll(folders = typecheckedFolders(), concurrency = availableParallelism()): Promise<boolean> {
  const queue = [...folders];
  let ok = true;
  const worker = async () => {
    for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
      const started = Date.now();
      const result = await typecheck(folder);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`${result.ok ? '✓' : '✗'} typecheck ${folder} (${seconds} s)`);
      if (!result.ok) {
        ok = false;
        process.stdout.write(result.output);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return ok;
}
