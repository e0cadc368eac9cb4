import { describe, expect, it } from 'vitest';
import { SERVICES } from '@wfm/contracts/shared';
import { bodyLimitFor, DEFAULT_BODY_LIMIT } from '../src/body-limits.ts';
import { PROXY_ROUTES } from '../src/routes.ts';

const MB = 1024 * 1024;

describe('route table', () => {
  it('gives every service at least one prefix and no prefix twice', () => {
    const owners = new Set(PROXY_ROUTES.map((r) => r.service));
    expect([...owners].sort()).toEqual(SERVICES.map((s) => s.name).sort());
    const prefixes = PROXY_ROUTES.map((r) => r.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('guards every /api/admin prefix with the staff check except login, logout and session', () => {
    const open = PROXY_ROUTES.filter((r) => r.prefix.startsWith('/api/admin/') && r.access === 'public').map((r) => r.prefix);
    expect(open.sort()).toEqual(['/api/admin/login', '/api/admin/logout', '/api/admin/session']);
    const guardedOutsideAdmin = PROXY_ROUTES.filter((r) => !r.prefix.startsWith('/api/admin/') && r.access === 'staff');
    expect(guardedOutsideAdmin).toEqual([]);
  });
});

describe('body limits', () => {
  it('allows 1 MB by default and more only for multipart uploads to upload routes', () => {
    const multipart = 'multipart/form-data; boundary=abc';
    expect(bodyLimitFor('/api/posts', 'application/json')).toBe(DEFAULT_BODY_LIMIT);
    expect(DEFAULT_BODY_LIMIT).toBe(MB);
    expect(bodyLimitFor('/api/upload', multipart)).toBeGreaterThanOrEqual(50 * MB);
    expect(bodyLimitFor('/api/upload', 'application/json')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('/api/ama/bookings/12/receipt', multipart)).toBeGreaterThanOrEqual(10 * MB);
    expect(bodyLimitFor('/api/templates?x=1', multipart)).toBeGreaterThanOrEqual(10 * MB);
    expect(bodyLimitFor('/api/admin/ama/sessions/3/image', multipart)).toBeGreaterThanOrEqual(10 * MB);
    expect(bodyLimitFor('/api/templates/5', multipart)).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('/api/posts', multipart)).toBe(DEFAULT_BODY_LIMIT);
  });
});
