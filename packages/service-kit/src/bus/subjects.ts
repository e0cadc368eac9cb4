const TOKEN = /^[^\s.*>]+$/;

/** A concrete subject: dot-separated non-empty tokens, no wildcards or whitespace. */
export function assertSubject(subject: string): void {
  if (!subject.split('.').every((token) => TOKEN.test(token))) throw new Error(`Invalid subject "${subject}"`);
}

/** A subscription pattern: tokens, `*` for one token, `>` for the rest (last token only). */
export function assertPattern(pattern: string): void {
  const tokens = pattern.split('.');
  const valid = tokens.every(
    (token, i) => TOKEN.test(token) || token === '*' || (token === '>' && i === tokens.length - 1),
  );
  if (!valid) throw new Error(`Invalid subject pattern "${pattern}"`);
}

/** NATS subject matching: `*` matches exactly one token, a final `>` one or more tokens. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    const token = p[i];
    if (token === '>') return s.length > i;
    if (i >= s.length) return false;
    if (token !== '*' && token !== s[i]) return false;
  }
  return p.length === s.length;
}
