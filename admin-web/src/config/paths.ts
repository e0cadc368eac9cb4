/** Routes of the admin app, relative to its /admin basename. */
export const ADMIN_BASENAME = '/admin';

/** The panel keeps its open tab in the query string so a reload or a shared link keeps it. */
export const TAB_PARAM = 'tab';

export const paths = {
  panel: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
} as const;

/** Public pages the panel links to; they open in a new window at the site root, outside /admin. */
export const sitePaths = {
  post: (id: number) => `/post/${id}`,
  poll: (id: number) => `/polls/${id}`,
} as const;
