import type { StaffRole } from '@wfm/contracts/shared';
import type { AdminUserProfile } from '@wfm/contracts/identity';
import type { AdminFeatureSuggestion, AdminPost, AdminReport } from '@wfm/contracts/forum';
import type { BackupFile, StaffMember } from '@wfm/contracts/admin';
import { http, HttpResponse } from 'msw';

const T0 = Date.UTC(2026, 2, 4, 9, 5);

export const sessionAs = (role: StaffRole, username = 'alex') =>
  http.get('/api/admin/session', () => HttpResponse.json({ authenticated: true, username, role }));

export const signedOut = () =>
  http.get('/api/admin/session', () => HttpResponse.json({ authenticated: false, username: null, role: null }));

export const report = (over: Partial<AdminReport> = {}): AdminReport => ({
  id: 1,
  kind: 'help',
  post_id: null,
  title: 'Cannot export my schedule',
  category: 'technical',
  priority: 'High',
  reason: 'The export button does nothing.',
  contact_info: null,
  reporter_name: 'sam',
  status: 'New',
  created_at: T0,
  ticket_reference: 'HLP-7K3Q9',
  ...over,
});

export const suggestion = (over: Partial<AdminFeatureSuggestion> = {}): AdminFeatureSuggestion => ({
  id: 1,
  reference_number: 'FS-8H2KQ',
  title: 'Dark mode for exports',
  description: 'Please add it.',
  author_name: 'Anonymous',
  email: null,
  contact_method: null,
  priority: 'Medium',
  status: 'New',
  created_at: T0,
  ...over,
});

export const post = (over: Partial<AdminPost> = {}): AdminPost => ({
  id: 10,
  title: 'How do you forecast holiday volume?',
  type: 'Question',
  status: 'open',
  author_name: 'jo',
  created_at: T0,
  upvotes: 3,
  comment_count: 2,
  ...over,
});

export const staffMember = (over: Partial<StaffMember> = {}): StaffMember => ({
  id: 1,
  username: 'alex',
  email: 'alex@example.com',
  role: 'Super Admin',
  permissions: {},
  active: true,
  created_at: T0,
  ...over,
});

export const profile = (over: Partial<AdminUserProfile> = {}): AdminUserProfile => ({
  id: 1,
  username: 'planner_pat',
  token_fingerprint: 'a1b2c3d4',
  anon_token: 'a1b2c3d4',
  created_at: T0,
  updated_at: T0,
  last_seen: T0,
  ...over,
});

export const backup = (over: Partial<BackupFile> = {}): BackupFile => ({
  fileName: 'wfm-backup-2026-03-04T09-05-00Z.dump',
  size: 2_621_440,
  created: T0,
  ...over,
});

/** Answers for every list a Super Admin's panel loads (counts of every tab), each overridable. */
export function listHandlers(
  data: {
    reports?: AdminReport[];
    suggestions?: AdminFeatureSuggestion[];
    posts?: AdminPost[];
    staff?: StaffMember[];
    profiles?: AdminUserProfile[];
    backups?: BackupFile[];
  } = {},
) {
  const backups = data.backups ?? [];
  return {
    reports: http.get('/api/admin/reports', () => HttpResponse.json(data.reports ?? [])),
    suggestions: http.get('/api/admin/feature-suggestions', () => HttpResponse.json(data.suggestions ?? [])),
    posts: http.get('/api/admin/posts', () =>
      HttpResponse.json({ posts: data.posts ?? [], total: (data.posts ?? []).length }),
    ),
    staff: http.get('/api/admin/staff', () => HttpResponse.json(data.staff ?? [staffMember()])),
    profiles: http.get('/api/admin/user-profiles', () => HttpResponse.json(data.profiles ?? [])),
    backups: http.get('/api/admin/database/backups', () => HttpResponse.json({ backups })),
    stats: http.get('/api/admin/database/backup-stats', () =>
      HttpResponse.json({ count: backups.length, totalSize: backups.reduce((n, b) => n + b.size, 0) }),
    ),
  };
}

/** The lists a Moderator may load. */
export function moderatorHandlers(data: Parameters<typeof listHandlers>[0] = {}) {
  const all = listHandlers(data);
  return [all.reports, all.suggestions, all.posts, all.profiles];
}

export function superAdminHandlers(data: Parameters<typeof listHandlers>[0] = {}) {
  return Object.values(listHandlers(data));
}
