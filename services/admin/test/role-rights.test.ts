import { describe, expect, it } from 'vitest';
import { ROLE_RIGHTS, rolesWith } from '@wfm/contracts/admin';

describe('ROLE_RIGHTS (the issue fixes them; the spec leaves them open)', () => {
  it('gives Moderators the moderation rights', () => {
    expect([...ROLE_RIGHTS.Moderator].sort()).toEqual(
      ['jobs', 'mentors', 'polls', 'posts', 'reports', 'suggestions', 'suspensions', 'tools', 'user-profiles'].sort(),
    );
  });

  it('gives Admins also AMA sessions, pricing, bookings and receipts', () => {
    expect([...ROLE_RIGHTS.Admin].sort()).toEqual([...ROLE_RIGHTS.Moderator, 'ama', 'pricing', 'bookings', 'receipts'].sort());
  });

  it('gives Super Admins also staff, database and the audit log', () => {
    expect([...ROLE_RIGHTS['Super Admin']].sort()).toEqual([...ROLE_RIGHTS.Admin, 'staff', 'database', 'audit'].sort());
    expect(rolesWith('staff')).toEqual(['Super Admin']);
    expect(rolesWith('database')).toEqual(['Super Admin']);
    expect(rolesWith('posts')).toEqual(['Moderator', 'Admin', 'Super Admin']);
  });
});
