import { storage } from './storage.ts';

/**
 * The API answers a server-rendered page was made from (gateway/src/html-pages.ts puts them in
 * `<script type="application/json" id="wfm-initial-data">`): the web app starts from them instead
 * of asking the gateway again, so its first render shows the same content the HTML showed.
 * Each answer is used once (the first read of its path); later reads go to the network.
 */
export const INITIAL_DATA_ID = 'wfm-initial-data';

interface InitialData {
  data: Map<string, unknown>;
  /** When the server rendered the page (ms since the epoch). */
  renderedAt?: number;
  /** Paths whose answer differs for a visitor with a token (a poll names the caller's vote). */
  perVisitor: Set<string>;
}

let initial: InitialData | undefined;

function load(): InitialData {
  if (initial) return initial;
  initial = { data: new Map(), perVisitor: new Set() };
  const element = typeof document === 'undefined' ? null : document.getElementById(INITIAL_DATA_ID);
  if (!element?.textContent) return initial;
  try {
    const parsed = JSON.parse(element.textContent) as { data?: Record<string, unknown>; perVisitor?: string[]; renderedAt?: unknown };
    initial = {
      data: new Map(Object.entries(parsed.data ?? {})),
      perVisitor: new Set(parsed.perVisitor ?? []),
      ...(typeof parsed.renderedAt === 'number' && Number.isFinite(parsed.renderedAt) ? { renderedAt: parsed.renderedAt } : {}),
    };
  } catch {
    // A page whose data cannot be read starts like any other: the app asks the API.
  }
  return initial;
}

/** When the server rendered this page; undefined for a page the browser renders itself. */
export function initialRenderTime(): number | undefined {
  return load().renderedAt;
}

/** True when the page came with server-rendered data. */
export function hasInitialData(): boolean {
  return load().data.size > 0;
}

let anonymousAnswerGiven = false;

/**
 * The embedded answer for a GET of `path`, once; undefined when there is none. The page was
 * rendered for an anonymous visitor: a visitor with a token gets the same anonymous answer of a
 * per-visitor read (so React hydrates the markup as it is), and `ownCopyNeeded()` then tells
 * app/start.tsx to ask again once the page is hydrated (their vote shows a moment later).
 */
export function takeInitialAnswer(path: string): unknown {
  const { data, perVisitor } = load();
  if (!data.has(path)) return undefined;
  const answer = data.get(path);
  data.delete(path);
  if (perVisitor.has(path) && storage.getAnonToken()) anonymousAnswerGiven = true;
  return answer;
}

/** True when an anonymous answer of a per-visitor read was given to a visitor with a token. */
export function ownCopyNeeded(): boolean {
  return anonymousAnswerGiven;
}
