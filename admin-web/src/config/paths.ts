/** Routes of the admin app, relative to its /admin basename. */
export const ADMIN_BASENAME = '/admin';

export const paths = {
  panel: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
} as const;
