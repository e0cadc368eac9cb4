/**
 * Query keys of the forum's posts, shared by the pages that read them and the forms that change
 * them (creating a post refreshes the lists).
 */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => ['posts', 'list'] as const,
  list: (filters: object) => ['posts', 'list', filters] as const,
  detail: (id: number) => ['posts', 'detail', id] as const,
};
