/** Toast texts of post creation, word for word from spec 2 §8. */
export const CREATE_POST_TOASTS = {
  created: { title: 'Post created!', description: 'Your post has been published successfully.' },
  createFailed: { title: 'Failed to create post', fallback: 'Request failed' },
  /** The server held the post for review (the same text from several visitors); its message says why. */
  held: (message: string) => ({ title: 'Post held for review', description: message }),
  uploaded: (count: number) => ({ title: 'Files uploaded', description: `${count} file(s) uploaded successfully.` }),
  uploadFailed: { title: 'Upload failed', fallback: 'Please try again', serverFallback: 'Failed to upload files' },
} as const;
