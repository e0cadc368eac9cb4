import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The glossary's words (docs/glossary.md) in this app's files and code: the AMA data word is `ama`
// (no "ama-bookings" feature), a staff member's signed-in session is a "staff login" (code word
// `login`), and "session" alone means an AMA session, inside the AMA feature only.
const ROOT = join(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const sources = [...files(join(ROOT, 'src')), ...files(join(ROOT, 'test'))].map((path) => relative(ROOT, path));

describe('admin-web vocabulary (docs/glossary.md)', () => {
  it('names no file or folder with a retired word', () => {
    expect(sources.filter((path) => /ama-bookings|ama_bookings/i.test(path))).toEqual([]);
    // "session" in a path is an AMA session: inside the AMA feature, elsewhere only as "ama-session".
    const outsideAma = (path: string) => !path.startsWith('src/features/ama/') && /session/i.test(path.replace(/ama-session/gi, ''));
    expect(sources.filter(outsideAma)).toEqual([]);
  });

  it('uses no retired identifier for the AMA data or the staff login', () => {
    const retired =
      /amaBookings|AmaBookings|ama_bookings|staffSession|useStaffSession|StaffSessionIdentity|\buseSession\b|AdminSessionResponse|STAFF_SESSION_COOKIE/;
    const found = sources.filter((path) => path !== 'test/vocabulary.test.ts' && retired.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(found).toEqual([]);
  });

  it('keeps the spec\'s tab id "ama-bookings" in one place only: the Bookings tab entry', () => {
    const found = sources.filter(
      (path) => path.startsWith('src/') && readFileSync(join(ROOT, path), 'utf8').includes("'ama-bookings'"),
    );
    expect(found).toEqual(['src/features/ama/tab.ts']);
  });
});
