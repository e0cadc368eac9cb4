/**
 * Query keys of the catalog (tools, templates, polls), shared by the pages that read them, the
 * dialogs that change them and the sidebar's Live Polls figure (which reads the poll stats).
 */
export const catalogKeys = {
  tools: {
    all: ['tools'] as const,
    lists: () => ['tools', 'list'] as const,
    list: (filters: object) => ['tools', 'list', filters] as const,
  },
  templates: {
    all: ['templates'] as const,
    lists: () => ['templates', 'list'] as const,
    list: (filters: object) => ['templates', 'list', filters] as const,
  },
  polls: {
    all: ['polls'] as const,
    lists: () => ['polls', 'list'] as const,
    list: (filters: object) => ['polls', 'list', filters] as const,
    stats: () => ['polls', 'stats'] as const,
    detail: (id: number) => ['polls', 'detail', id] as const,
    breakdown: (id: number, by: string) => ['polls', 'breakdown', id, by] as const,
  },
};
