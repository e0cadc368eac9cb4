/** Toast texts of the forum pages, word for word from spec 1 §8. */
export const POST_TOASTS = {
  upvoted: { title: 'Post upvoted!', description: 'Thanks for your feedback.' },
  upvoteFailed: { title: 'Failed to upvote', fallback: 'Please try again' },
  commented: { title: 'Comment posted!', description: 'Your comment has been added.' },
  /** The server held the comment for review (the same text from several visitors); its message says why. */
  commentHeld: (message: string) => ({ title: 'Comment held for review', description: message }),
  commentFailed: { title: 'Failed to post comment', fallback: 'Request failed' },
  reported: { title: 'Report submitted', description: 'Thank you for helping keep the community safe.' },
  reportFailed: { title: 'Failed to submit report', fallback: 'Request failed' },
} as const;
