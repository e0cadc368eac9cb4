/** Just enough Dockerfile and .dockerignore parsing to check ./Dockerfile without a Docker engine. */

export interface Instruction {
  op: string;
  args: string;
}
export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

/** Splits a Dockerfile into stages (FROM ... [AS name]) of instructions; joins continued lines. */
export function parseDockerfile(text: string): { args: Record<string, string>; stages: Stage[] } {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, op = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { op: op.toUpperCase(), args: rest.replace(/\s+/g, ' ') };
    if (instruction.op === 'FROM') {
      const m = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!m) throw new Error(`unreadable FROM ${instruction.args}`);
      stages.push({ from: m[1]!, name: m[2] ?? String(stages.length), instructions: [] });
    } else if (stages.length === 0 && instruction.op === 'ARG') {
      const [name, value = ''] = instruction.args.split('=');
      args[name!] = value;
    } else if (stages.length > 0) {
      stages[stages.length - 1]!.instructions.push(instruction);
    } else {
      throw new Error(`${instruction.op} before the first FROM`);
    }
  }
  return { args, stages };
}

/** A stage's FROM with global ARG defaults substituted (an ARG default may use an earlier ARG). */
export function resolvedFrom(stage: Stage, args: Record<string, string>): string {
  let from = stage.from;
  for (let depth = 0; depth < 5 && /\$/.test(from); depth++) {
    from = from.replace(/\$\{?(\w+)\}?/g, (_, name: string) => args[name] ?? '');
  }
  return from;
}

/**
 * Whether .dockerignore keeps `path` in the build context: the last pattern matching the path or
 * one of its parent folders decides (`!` keeps), as Docker's own matcher does.
 */
export function isInBuildContext(dockerignore: string, path: string): boolean {
  const rules = dockerignore.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
    .map((l) => ({ keep: l.startsWith('!'), re: globToRegExp(l.replace(/^!/, '').replace(/^\/+|\/+$/g, '')) }));
  const parts = path.split('/');
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let kept = true;
  for (const rule of rules) {
    if (candidates.some((c) => rule.re.test(c))) kept = rule.keep;
  }
  return kept;
}

function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*' && glob[i + 1] === '*') {
      // "**/" matches any number of folders, "**" at the end anything.
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (ch === '*') re += '[^/]*';
    else if (ch === '?') re += '[^/]';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}
