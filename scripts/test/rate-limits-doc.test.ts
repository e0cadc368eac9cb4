/**
 * docs/operations.md's limit table is the code's tables, row for row: the gateway's, the kit's
 * `not-found-ip` every service has, then each service's (in @wfm/contracts SERVICES order), with
 * the same names, defaults, keys, windows, variables and descriptions. Change a table, then paste
 * the rows this test prints into the doc.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { GATEWAY_LIMITS } from '@wfm/gateway';
import { describeLimits, SERVICE_KIT_LIMITS } from '@wfm/service-kit';
import { loadServiceDefinitions } from '../lib/service-definitions.ts';

const DOC = new URL('../../docs/operations.md', import.meta.url);
const HEADER = '| Process | Limit | Default | Key | Window | Variable | Protects |';

/** The rows of the doc's limit table (after its header and separator). */
function documentedRows(): string[] {
  const lines = readFileSync(DOC, 'utf8').split('\n');
  const start = lines.indexOf(HEADER);
  if (start < 0) throw new Error(`docs/operations.md has no limit table ("${HEADER}")`);
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows;
}

/** The rows the code's tables give, in the doc's order. */
async function tableRows(): Promise<string[]> {
  const kitRows = describeLimits({ owner: 'SERVICE', ...SERVICE_KIT_LIMITS }).map((row) =>
    row.replace('| SERVICE |', '| every service |').replace('`RATE_LIMIT_SERVICE_', '`RATE_LIMIT_<SERVICE>_'),
  );
  const serviceRows = (await loadServiceDefinitions()).flatMap((def) => (def.limits ? describeLimits(def.limits) : []));
  return [...describeLimits(GATEWAY_LIMITS), ...kitRows, ...serviceRows];
}

it('docs/operations.md lists exactly the limits of the code, with their defaults, keys, windows and variables', async () => {
  const expected = await tableRows();
  expect(documentedRows(), `docs/operations.md's limit table should be:\n${HEADER}\n${expected.join('\n')}\n`).toEqual(expected);
});
