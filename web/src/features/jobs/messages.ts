import { JOB_MESSAGES } from '@wfm/contracts/jobs/api';

/** Texts of the jobs page (spec 3 §2, §8). */
export const JOB_TEXTS = {
  title: 'Job & Role Spotlight',
  intro: 'Roles in workforce management and contact-centre operations, shared by the community.',
  postJob: 'Post a Job',
  emptyTitle: 'No jobs found',
  emptyFiltered: 'Try adjusting your filters to see more results.',
  emptyNone: 'Be the first to post a job opportunity!',
  formTitle: 'Post a New Job',
  submit: 'Post Job',
  submitting: 'Submitting...',
  salaryHint: 'Posts that state pay get more applicants; leave blank if you cannot share it.',
  reviewNote: 'New postings are reviewed by a moderator before they are listed.',
  myPostsEmpty: 'You have not posted any jobs yet.',
  withdraw: 'Withdraw',
} as const;

export const JOB_TOASTS = {
  posted: { title: JOB_MESSAGES.posted, description: 'It is listed once a moderator approves it; follow it under My job posts.' },
  failed: { title: JOB_MESSAGES.submissionFailed, fallback: JOB_MESSAGES.unexpected },
  withdrawn: { title: 'Job post withdrawn' },
  withdrawFailed: { title: 'Withdraw failed', fallback: 'Please try again' },
} as const;
