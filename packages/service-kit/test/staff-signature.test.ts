import { describe, expect, it } from 'vitest';
import { signStaffHeaders, STAFF_HEADERS, verifyStaffHeaders } from '../src/staff-signature.ts';

const secret = 'a-shared-secret-of-sufficient-length-123';
const staff = { id: 42, username: 'søren mod', role: 'Admin' as const };
const req = { method: 'DELETE', url: '/api/admin/posts/7?reason=spam' };

describe('staff headers', () => {
  it('verifies what was signed for the same request', () => {
    const headers = signStaffHeaders(secret, staff, req);
    expect(Object.keys(headers).sort()).toEqual([...STAFF_HEADERS].sort());
    expect(verifyStaffHeaders(secret, headers, req)).toEqual(staff);
    expect(verifyStaffHeaders(secret, headers, { method: 'delete', url: req.url })).toEqual(staff);
  });

  it('exposes the header names by key and as a list', () => {
    expect(STAFF_HEADERS.role).toBe('x-staff-role');
    expect([...STAFF_HEADERS]).toEqual(['x-staff-id', 'x-staff-username', 'x-staff-role', 'x-staff-ts', 'x-staff-signature']);
  });

  it('rejects a signature made with another secret', () => {
    const headers = signStaffHeaders('another-secret-of-sufficient-length-456', staff, req);
    expect(verifyStaffHeaders(secret, headers, req)).toBeNull();
  });

  it('rejects unsigned or garbage signatures', () => {
    const headers = signStaffHeaders(secret, staff, req);
    expect(verifyStaffHeaders(secret, { ...headers, [STAFF_HEADERS.signature]: undefined }, req)).toBeNull();
    expect(verifyStaffHeaders(secret, { ...headers, [STAFF_HEADERS.signature]: 'abc' }, req)).toBeNull();
    expect(verifyStaffHeaders(secret, {}, req)).toBeNull();
  });

  it.each([
    [STAFF_HEADERS.role, 'Super Admin'],
    [STAFF_HEADERS.id, '1'],
    [STAFF_HEADERS.username, 'someone-else'],
    [STAFF_HEADERS.ts, String(Date.now() + 1)],
  ])('rejects a tampered %s', (header, value) => {
    const headers = signStaffHeaders(secret, staff, req);
    expect(verifyStaffHeaders(secret, { ...headers, [header]: value }, req)).toBeNull();
  });

  it('rejects headers replayed on another request', () => {
    const headers = signStaffHeaders(secret, staff, req);
    expect(verifyStaffHeaders(secret, headers, { method: 'GET', url: req.url })).toBeNull();
    expect(verifyStaffHeaders(secret, headers, { method: 'DELETE', url: '/api/admin/posts/8?reason=spam' })).toBeNull();
  });

  it('rejects signatures older (or newer) than 60 seconds', () => {
    const now = Date.now();
    const headers = signStaffHeaders(secret, staff, req, now - 61_000);
    expect(verifyStaffHeaders(secret, headers, req, now)).toBeNull();
    expect(verifyStaffHeaders(secret, signStaffHeaders(secret, staff, req, now - 59_000), req, now)).toEqual(staff);
    expect(verifyStaffHeaders(secret, signStaffHeaders(secret, staff, req, now + 61_000), req, now)).toBeNull();
  });

  it('rejects a role that is not a staff role, even when signed', () => {
    const headers = signStaffHeaders(secret, { ...staff, role: 'Owner' as never }, req);
    expect(verifyStaffHeaders(secret, headers, req)).toBeNull();
  });
});
