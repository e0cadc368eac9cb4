/**
 * Query keys of the AMA pages, in one place: each query takes its key from here and each mutation
 * invalidates from here, so a list and what refreshes it cannot drift apart.
 */
export const amaKeys = {
  all: ['ama'] as const,
  sessions: () => [...amaKeys.all, 'sessions'] as const,
  session: (id: number) => [...amaKeys.all, 'session', id] as const,
  pricing: (id: number) => [...amaKeys.all, 'pricing', id] as const,
  counts: () => [...amaKeys.all, 'count'] as const,
  count: (id: number, status: 'confirmed' | 'pending') => [...amaKeys.counts(), id, status] as const,
  booking: (reference: string) => [...amaKeys.all, 'booking', reference] as const,
  questions: (id: number) => [...amaKeys.all, 'questions', id] as const,
  transcript: (id: number) => [...amaKeys.all, 'transcript', id] as const,
  myQuestionsAll: () => [...amaKeys.all, 'my-questions'] as const,
  /** Per visitor token: a forgotten device's next visitor never sees the previous one's list. */
  myQuestions: (anonToken: string) => [...amaKeys.myQuestionsAll(), anonToken] as const,
  mentors: () => [...amaKeys.all, 'mentors'] as const,
  mentorDirectory: (tag: string) => [...amaKeys.mentors(), 'directory', tag] as const,
  myMentorApplication: () => [...amaKeys.mentors(), 'mine'] as const,
  myMentorRequests: () => [...amaKeys.mentors(), 'requests'] as const,
  mentorThread: (requestId: number) => [...amaKeys.mentors(), 'thread', requestId] as const,
};
