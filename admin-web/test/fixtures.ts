import type { AdminHeldItem, StaffRole } from '@wfm/contracts/shared';
import type { AdminUserProfile, SuspensionsListResponse } from '@wfm/contracts/identity';
import type { AdminFeatureSuggestion, AdminPost, AdminReport } from '@wfm/contracts/forum';
import type { AuditEntry, BackupFile, StaffMember } from '@wfm/contracts/admin';
import type { StaffJob } from '@wfm/contracts/jobs';
import type { AdminPoll, AdminTool } from '@wfm/contracts/catalog';
import type { StaffMentor, StaffSession } from '@wfm/contracts/ama';
import { http, HttpResponse } from 'msw';

const T0 = Date.UTC(2026, 2, 4, 9, 5);

/** A staff login as `role`: what GET /api/admin/session answers. */
export const signedInAs = (role: StaffRole, username = 'alex') =>
  http.get('/api/admin/session', () => HttpResponse.json({ authenticated: true, username, role }));

export const signedOut = () =>
  http.get('/api/admin/session', () => HttpResponse.json({ authenticated: false, username: null, role: null }));

export const report = (over: Partial<AdminReport> = {}): AdminReport => ({
  id: 1,
  kind: 'help',
  post_id: null,
  comment_id: null,
  content: null,
  decided_by: null,
  decided_at: null,
  author_recent_reports: 0,
  title: 'Cannot export my schedule',
  category: 'technical',
  priority: 'High',
  reason: 'The export button does nothing.',
  contact_info: null,
  reporter_name: 'sam',
  status: 'New',
  created_at: T0,
  ticket_reference: 'HLP-7K3Q9',
  duplicate: false,
  content_hidden: null,
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
  duplicate: false,
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
  hidden_reason: null,
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

export const adminPoll = (over: Partial<AdminPoll> = {}): AdminPoll => ({
  id: 1,
  title: 'Which forecasting method do you use most?',
  description: 'Tell us what your team relies on day to day.',
  total_votes: 12,
  created_at: T0,
  category: 'scheduling',
  created_by: 'planner_pat',
  expires_at: null,
  options_count: 3,
  ...over,
});

export const adminTool = (over: Partial<AdminTool> = {}): AdminTool => ({
  id: 1,
  name: 'Forecast Pro',
  url: 'https://forecastpro.example.com',
  category: 'Forecasting',
  short_desc: 'Statistical forecasting for contact centres.',
  votes: 4,
  submitted_by: 'planner_pat',
  created_at: T0,
  ...over,
});

export const auditEntry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  service: 'forum',
  staff_id: 1,
  staff_username: 'alex',
  role: 'Moderator',
  action: 'post.delete',
  target_type: 'post',
  target_id: '7',
  at: Date.UTC(2026, 10, 27, 9, 30),
  ...over,
});

export const heldItem = (over: Partial<AdminHeldItem> = {}): AdminHeldItem => ({
  id: 1,
  kind: 'post',
  item_id: 40,
  reason: 'duplicate',
  title: 'Cheap certification',
  body: 'Cheap WFM certification at example.test, 90% off today only',
  author_name: 'Anonymous',
  copies: 5,
  held_at: T0,
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
    jobs?: StaffJob[];
    mentors?: StaffMentor[];
    polls?: AdminPoll[];
    tools?: AdminTool[];
    amaSessions?: StaffSession[];
    heldForum?: AdminHeldItem[];
    heldCatalog?: AdminHeldItem[];
    suspensions?: SuspensionsListResponse;
    audit?: AuditEntry[];
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
    jobs: http.get('/api/admin/jobs', () => HttpResponse.json(data.jobs ?? [])),
    mentors: http.get('/api/admin/mentors', () => HttpResponse.json(data.mentors ?? [])),
    polls: http.get('/api/admin/polls', () => HttpResponse.json({ polls: data.polls ?? [], total: (data.polls ?? []).length })),
    tools: http.get('/api/admin/tools', () => HttpResponse.json({ tools: data.tools ?? [], total: (data.tools ?? []).length })),
    backups: http.get('/api/admin/database/backups', () => HttpResponse.json({ backups })),
    heldForum: http.get('/api/admin/held/forum', () =>
      HttpResponse.json({ items: data.heldForum ?? [], total: (data.heldForum ?? []).length }),
    ),
    heldCatalog: http.get('/api/admin/held/catalog', () =>
      HttpResponse.json({ items: data.heldCatalog ?? [], total: (data.heldCatalog ?? []).length }),
    ),
    suspensions: http.get('/api/admin/suspensions', () => HttpResponse.json(data.suspensions ?? { suspensions: [], blocks: [] })),
    audit: http.get('/api/admin/audit', () => HttpResponse.json({ entries: data.audit ?? [], nextBefore: null })),
    amaSessions: http.get('/api/admin/ama/sessions', () => HttpResponse.json(data.amaSessions ?? [])),
    stats: http.get('/api/admin/database/backup-stats', () =>
      HttpResponse.json({ count: backups.length, totalSize: backups.reduce((n, b) => n + b.size, 0) }),
    ),
  };
}

/** The lists a Moderator may load. */
export function moderatorHandlers(data: Parameters<typeof listHandlers>[0] = {}) {
  const all = listHandlers(data);
  return [all.reports, all.suggestions, all.heldForum, all.heldCatalog, all.posts, all.mentors, all.jobs, all.profiles, all.polls, all.tools, all.suspensions];
}

export function superAdminHandlers(data: Parameters<typeof listHandlers>[0] = {}) {
  return Object.values(listHandlers(data));
}
