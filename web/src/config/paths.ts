/** Every route of the public app, and how to build links to the parameterised ones. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  newPost: { path: '/new', getHref: () => '/new' },
  post: { path: '/post/:id', getHref: (id: number | string) => `/post/${id}` },
  tools: { path: '/tools', getHref: () => '/tools' },
  templates: { path: '/templates', getHref: () => '/templates' },
  polls: { path: '/polls', getHref: () => '/polls' },
  poll: { path: '/polls/:id', getHref: (id: number | string) => `/polls/${id}` },
  calculators: { path: '/calculators', getHref: () => '/calculators' },
  simulator: { path: '/simulator', getHref: () => '/simulator' },
  help: { path: '/help', getHref: () => '/help' },
  ama: { path: '/ama', getHref: () => '/ama' },
  amaSession: { path: '/ama/:id', getHref: (id: number | string) => `/ama/${id}` },
  jobs: { path: '/jobs', getHref: () => '/jobs' },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  recoveryPhrase: { path: '/recovery-phrase', getHref: () => '/recovery-phrase' },
  yourData: { path: '/your-data', getHref: () => '/your-data' },
} as const;

/** What a `:id` of a route above must look like (a canonical positive integer); anything else is no id. */
export const ROUTE_ID = /^[1-9]\d{0,14}$/;
