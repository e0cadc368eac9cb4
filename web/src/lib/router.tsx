import {
  Component,
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The app's router: the few parts of React Router it used (about 61 KB compressed, a third of a
 * page's JavaScript before it is interactive) in a few KB (issue 27 item 4; docs/decisions.md
 * 2026-11-28). Everything imports `Link`, `useNavigate`, `useParams`, `useSearchParams` … from here.
 *
 * A route is a path pattern (`/post/:id`, `*` for anything) and a page module loaded on first visit:
 * a navigation loads the page's code before it renders the route (the old page stays meanwhile, and
 * no page shows a loading fallback for its own code), as React Router's data router did with `lazy`.
 */

export type Params = Readonly<Record<string, string | undefined>>;

export interface Route<Handle = unknown> {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  handle?: Handle;
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Identifies the history entry (scroll restoration). */
  key: string;
}

export interface RouteMatch<Handle = unknown> {
  route: Route<Handle>;
  params: Params;
}

export interface RouterState<Handle = unknown> {
  location: Location;
  /** The route of `location` (always one: the table ends with `*`), empty before initialized. */
  matches: RouteMatch<Handle>[];
  /** The first route's code is loaded. */
  initialized: boolean;
  /** A page's code failed to load (the error page shows). */
  error: unknown;
  /** How the location was reached: a new entry (scrolls to top) or back/forward (scroll restored). */
  action: 'PUSH' | 'REPLACE' | 'POP';
}

export interface NavigateOptions {
  replace?: boolean;
}

/** Where a router keeps its entries: the browser's history, a memory list (tests), or none (server). */
interface History {
  location(): Location;
  push(location: Location, replace: boolean): void;
  listen(onPop: (location: Location) => void): void;
  go(delta: number): void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function parsePath(to: string, key = newKey()): Location {
  const url = new URL(to, 'http://x');
  return { pathname: url.pathname, search: url.search, hash: url.hash, key };
}

export const hrefOf = (l: Pick<Location, 'pathname' | 'search' | 'hash'>) => `${l.pathname}${l.search}${l.hash}`;

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The params of `pathname` under `pattern`, or null (static segments case-insensitive, a trailing slash allowed). */
export function matchPath(pattern: string, pathname: string): Params | null {
  if (pattern === '*') return {};
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length || (pathname.includes('//') && pathname !== '/')) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const actual = got[i]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(actual);
    else if (segment.toLowerCase() !== decode(actual).toLowerCase()) return null;
  }
  return params;
}

/** The first route of `routes` that `pathname` matches. */
export function matchRoutes<Handle>(routes: readonly Route<Handle>[], pathname: string): RouteMatch<Handle>[] {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return [{ route, params }];
  }
  return [];
}

const loaded = new WeakMap<Route, ComponentType>();

/** Loads a route's page module once; later calls answer from memory. */
export async function loadRoute(route: Route): Promise<ComponentType> {
  let page = loaded.get(route);
  if (!page) loaded.set(route, (page = (await route.load()).default));
  return page;
}

export class Router<Handle = unknown> {
  state: RouterState<Handle>;
  private listeners = new Set<(state: RouterState<Handle>) => void>();
  private pending = 0;

  constructor(
    readonly routes: readonly Route<Handle>[],
    private readonly history: History,
  ) {
    const location = history.location();
    this.state = { location, matches: [], initialized: false, error: null, action: 'POP' };
    history.listen((to) => void this.go(to, 'POP'));
    void this.go(location, 'POP');
  }

  /** Resolves once the first route's code is loaded. */
  ready(): Promise<void> {
    if (this.state.initialized) return Promise.resolve();
    return new Promise((resolve) => {
      const stop = this.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }

  subscribe(listener: (state: RouterState<Handle>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The page component of the current route (loaded before the state names it). */
  page(): ComponentType | undefined {
    const route = this.state.matches[0]?.route;
    return route && loaded.get(route as Route);
  }

  navigate(to: string | number, options: NavigateOptions = {}): Promise<void> {
    if (typeof to === 'number') {
      this.history.go(to);
      return Promise.resolve();
    }
    const target = parsePath(new URL(to, `http://x${hrefOf(this.state.location)}`).href.slice('http://x'.length));
    return this.go(target, options.replace ? 'REPLACE' : 'PUSH');
  }

  /** Renders `location` once its page's code is loaded: at once when it already is (no task in between). */
  private go(location: Location, action: RouterState['action']): Promise<void> {
    const attempt = ++this.pending;
    const matches = matchRoutes(this.routes, location.pathname);
    const commit = (error: unknown) => {
      // A later navigation started meanwhile: it wins.
      if (attempt !== this.pending) return;
      if (action !== 'POP') this.history.push(location, action === 'REPLACE');
      this.state = { location, matches, initialized: true, error, action };
      for (const listener of [...this.listeners]) listener(this.state);
    };
    if (matches.every(({ route }) => loaded.has(route as Route))) {
      commit(null);
      return Promise.resolve();
    }
    return Promise.all(matches.map(({ route }) => loadRoute(route as Route))).then(
      () => commit(null),
      (error: unknown) => commit(error),
    );
  }
}

/** The address bar's history. */
function browserHistory(): History {
  const current = (): Location => {
    const state = window.history.state as { key?: string } | null;
    return { ...parsePath(window.location.href), key: state?.key ?? 'default' };
  };
  return {
    location: current,
    push: (location, replace) => {
      const state = { key: location.key };
      if (replace) window.history.replaceState(state, '', hrefOf(location));
      else window.history.pushState(state, '', hrefOf(location));
    },
    listen: (onPop) => window.addEventListener('popstate', () => onPop(current())),
    go: (delta) => window.history.go(delta),
  };
}

/** A list of entries in memory (tests), starting at the last of `initialEntries`. */
function memoryHistory(initialEntries: readonly string[]): History {
  const entries = (initialEntries.length ? initialEntries : ['/']).map((e) => parsePath(e));
  let index = entries.length - 1;
  let onPop: (location: Location) => void = () => {};
  return {
    location: () => entries[index]!,
    push: (location, replace) => {
      if (replace) entries[index] = location;
      else entries.splice((index += 1), entries.length, location);
    },
    listen: (listener) => (onPop = listener),
    go: (delta) => {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      onPop(entries[index]!);
    },
  };
}

export const createBrowserRouter = <Handle,>(routes: readonly Route<Handle>[]) => new Router(routes, browserHistory());

export const createMemoryRouter = <Handle,>(routes: readonly Route<Handle>[], options: { initialEntries?: string[] } = {}) =>
  new Router(routes, memoryHistory(options.initialEntries ?? ['/']));

/** One fixed location (the server renderer): navigations go nowhere. */
export const createStaticRouter = <Handle,>(routes: readonly Route<Handle>[], url: string) =>
  new Router(routes, { ...memoryHistory([url]), push: () => {} });

interface RouterContextValue {
  router: Router<unknown>;
  state: RouterState<unknown>;
}

const RouterContext = createContext<RouterContextValue | null>(null);

function useRouterContext(): RouterContextValue {
  const context = useContext(RouterContext);
  if (!context) throw new Error('a router hook outside <RouterProvider>');
  return context;
}

/**
 * Renders `children` (the shell, with an `<Outlet />` for the page) for the router's location.
 * A navigation renders as a transition, so the page being left stays while the next one renders.
 */
export function RouterProvider<Handle>({ router, children, errorElement }: { router: Router<Handle>; children?: ReactNode; errorElement?: ReactNode }) {
  const r = router as unknown as Router<unknown>;
  const [state, setState] = useState(r.state);
  useEffect(() => {
    const update = (next: RouterState<unknown>) => startTransition(() => setState(next));
    // A navigation between the first render and this subscription is caught here.
    setState((shown) => (shown === r.state ? shown : r.state));
    return r.subscribe(update);
  }, [r]);
  const value = useMemo(() => ({ router: r, state }), [r, state]);
  return (
    <RouterContext.Provider value={value}>
      <RouteErrorBoundary errorElement={errorElement} routeError={state.error} location={state.location}>
        {children ?? <Outlet />}
      </RouteErrorBoundary>
    </RouterContext.Provider>
  );
}

const ErrorContext = createContext<unknown>(null);

/** The error that made the error page show (a page's code failed to load, or rendering threw). */
export const useRouteError = () => useContext(ErrorContext);

class RouteErrorBoundary extends Component<
  { errorElement?: ReactNode; routeError: unknown; location: Location; children: ReactNode },
  { error: unknown; location: Location | null }
> {
  override state = { error: null as unknown, location: null as Location | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: { error: unknown; location: Location | null }) {
    // A navigation clears a render error: the next page may render.
    return state.location === props.location ? null : { error: null, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const error = this.state.error ?? this.props.routeError;
    if (!error || this.props.errorElement === undefined) return this.props.children;
    return <ErrorContext.Provider value={error}>{this.props.errorElement}</ErrorContext.Provider>;
  }
}

/** The current route's page. */
export function Outlet() {
  const { router, state } = useRouterContext();
  // The state names a route only once its code is loaded (Router.go).
  const Page = state.matches[0] && router.page();
  return Page ? <Page /> : null;
}

export const useLocation = (): Location => useRouterContext().state.location;

export const useParams = (): Params => useRouterContext().state.matches[0]?.params ?? {};

export function useNavigate(): (to: string | number, options?: NavigateOptions) => Promise<void> {
  const { router } = useRouterContext();
  return useMemo(() => (to: string | number, options?: NavigateOptions) => router.navigate(to, options), [router]);
}

type SearchInit = URLSearchParams | string | Record<string, string>;

/** The query string, and a setter that navigates to the same path with another one. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { router, state } = useRouterContext();
  const { search, pathname } = state.location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
    const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(search)) : next).toString();
    void router.navigate(`${pathname}${value ? `?${value}` : ''}`, options);
  };
  return [params, set];
}

/** A plain left click without modifiers on a link of this window: the router's to handle. */
const isOwnClick = (event: MouseEvent<HTMLAnchorElement>, target?: string) =>
  !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

/** Another origin, a scheme (mailto:) or a fragment: left to the browser. */
const isExternal = (to: string) => /^([a-z][a-z\d+.-]*:|\/\/|#)/i.test(to);

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to?: string;
  href?: string;
  replace?: boolean;
}

/** An anchor with a real href (works before the app has started); a plain click navigates in the app. */
export function Link({ to, href, replace, onClick, ...props }: LinkProps) {
  const context = useContext(RouterContext);
  const target = to ?? href ?? '';
  return (
    <a
      {...props}
      href={target}
      onClick={(event) => {
        onClick?.(event);
        if (!context || isExternal(target) || !isOwnClick(event, props.target)) return;
        event.preventDefault();
        void context.router.navigate(target, { replace });
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  to: string;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  /** Active on this path only, not on the paths below it. */
  end?: boolean;
}

/** A link that knows whether it points at the current page (`aria-current="page"`, `isActive` for its class). */
export function NavLink({ to, className, end, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const here = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  const path = to.toLowerCase();
  const isActive = here === path || (!end && path !== '/' && here.startsWith(`${path}/`));
  return (
    <Link
      {...props}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

const SCROLL_KEY = 'wfm-scroll-positions';

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Back and forward return to where the visitor was on that entry; a new entry starts at the top
 * (or at its #fragment). Positions are kept per entry as the visitor scrolls (under the entry on
 * screen, so a back button's new entry never takes the old one's figure) and in sessionStorage when
 * the page is left, so they survive a reload.
 */
export function ScrollRestoration() {
  const { location, action } = useRouterContext().state;
  const [positions] = useState(savedPositions);
  const shown = useRef(location.key);
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const record = () => void (positions[shown.current] = window.scrollY);
    const store = () => {
      try {
        sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: after a reload the page starts at the top.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', store);
    };
  }, [positions]);
  useLayoutEffect(() => {
    shown.current = location.key;
    if (action === 'POP') {
      const y = positions[location.key];
      if (y !== undefined) window.scrollTo(0, y);
      return;
    }
    const anchor = location.hash && document.getElementById(decode(location.hash.slice(1)));
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, action, positions]);
  return null;
}

/** Children with a router of their own at `initialEntries` (tests of parts that render links). */
export function MemoryRouter({ children, initialEntries }: { children: ReactNode; initialEntries?: string[] }) {
  const [router] = useState(() => createMemoryRouter([], { initialEntries }));
  return <RouterProvider router={router}>{children}</RouterProvider>;
}
