/** A failed response. The message is `status: body` (or the status text when the body is empty). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The `message` field of a JSON error body, if there is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      // Not JSON.
    }
    return undefined;
  }
}

export type RequestOptions = { body?: unknown; signal?: AbortSignal };
type WithoutBody = Omit<RequestOptions, 'body'>;

export interface ApiClientOptions {
  /** Extra headers for every call (e.g. the visitor's `x-anon-token`), read at call time. */
  headers?: () => Record<string, string>;
  /**
   * The fetch calls go through (default the browser's): the web app's answers a 428 asking for a
   * proof of work by itself (web/src/lib/proof-of-work.ts).
   */
  fetch?: (input: URL, init: RequestInit) => Promise<Response>;
}

/**
 * HTTP calls to the gateway for a web app: JSON in and out (a FormData body goes out as multipart),
 * credentials included (the staff session cookie). Throws ApiError on a non-2xx answer and does
 * nothing else: toasts and redirects belong to the callers.
 */
export function createApiClient({ headers: extraHeaders, fetch: send = (input, init) => fetch(input, init) }: ApiClientOptions = {}) {
  async function request(method: string, path: string, { body, signal }: RequestOptions = {}): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders?.() };
    const multipart = body instanceof FormData;
    if (body !== undefined && !multipart) headers['content-type'] = 'application/json';

    const response = await send(new URL(path, window.location.origin), {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      signal,
    });
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, text, response.statusText);
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  return {
    get: (path: string, options?: WithoutBody) => request('GET', path, options),
    post: (path: string, body?: unknown, options?: WithoutBody) => request('POST', path, { ...options, body }),
    put: (path: string, body?: unknown, options?: WithoutBody) => request('PUT', path, { ...options, body }),
    patch: (path: string, body?: unknown, options?: WithoutBody) => request('PATCH', path, { ...options, body }),
    delete: (path: string, options?: WithoutBody) => request('DELETE', path, options),
  };
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** What a toast shows for a failed call: the server's `message`, else the given default. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
