import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { AUTHOR_NAME_MESSAGES } from '@wfm/contracts/identity';
import { buildTestService, namedVisitor, seeStaffName, type TestService } from '@wfm/service-kit/testing';
import { REAL_NAMES, refusedNames, safeRandomChars, uniqueUsername } from '@wfm/service-kit/testing-names';
import { service } from '../src/app.ts';
import { newVisitor, post, validPoll, validTemplate, validTool, type Visitor } from './helpers.ts';

// Issue 25 item 6: every name field the catalog takes goes through the kit's name rule, asked of the
// real identity process. One table of fields, one table of names (the kit's), so no field is left out.

let t: TestService;
let memberName: string;
let staffName: string;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
  memberName = uniqueUsername('m');
  await namedVisitor(memberName);
  staffName = `ops${safeRandomChars(8)}`;
  await seeStaffName(inject('identityDatabaseUrl'), staffName);
});
afterAll(async () => t?.close());

const storedName = async (table: 'tools' | 'templates' | 'polls', column: 'submitted_by' | 'created_by', id: number) =>
  (await t.sql.unsafe(`SELECT ${column} AS name FROM ${table} WHERE id = $1`, [id]))[0]!.name as string;

/** Every catalog call that takes a name, and where the stored name is read back. */
const NAME_FIELDS = [
  { field: 'tool submitted_by', write: (name: string, v: Visitor) => post(t.app, '/api/tools', validTool({ submitted_by: name }), v), table: 'tools', column: 'submitted_by' },
  {
    field: 'template submitted_by',
    write: (name: string, v: Visitor) => post(t.app, '/api/templates', validTemplate({ submitted_by: name }), v),
    table: 'templates',
    column: 'submitted_by',
  },
  { field: 'poll created_by', write: (name: string, v: Visitor) => post(t.app, '/api/polls', validPoll({ created_by: name }), v), table: 'polls', column: 'created_by' },
] as const;

describe.each(NAME_FIELDS)('$field', ({ write, table, column }) => {
  it('refuses look-alikes, reserved words inside names, member and staff names: 400 with the one message', async () => {
    for (const [why, name] of refusedNames(memberName, staffName)) {
      const res = await write(name, newVisitor());
      expect(res.statusCode, why).toBe(400);
      expect(res.json().message, why).toBe(AUTHOR_NAME_MESSAGES.taken);
    }
  });

  it('takes real names, stored cleaned (invisible characters removed)', async () => {
    for (const name of [...REAL_NAMES, 'Ana\u200B Ｌima']) {
      const res = await write(name, newVisitor());
      expect(res.statusCode, `${name} ${res.body}`).toBe(201);
      expect(await storedName(table, column, res.json<{ id: number }>().id), name).toBe(name === 'Ana\u200B Ｌima' ? 'Ana Lima' : name.normalize('NFKC'));
    }
  });
});
