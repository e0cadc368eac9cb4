import type { Dispatcher } from 'undici';

/** What a service answered: status, headers (names in lower case) and the whole body. */
export interface CollectedAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * One request through the service's pool, its body gathered into one Buffer. undici's `request`
 * hands the body over as a Readable stream, and `arrayBuffer()` then copies the chunks into a
 * zero-filled array: on a 40 KB page that stream and copy cost more than the rest of the gateway's
 * own work on a miss (profile in docs/benchmarks.md, 2026-11-28). A dispatch handler receives the
 * chunks directly; they are copied once into a buffer of exactly the body's size (never kept as
 * views: a view would hold the whole socket read buffer behind it and the cache's byte budget would
 * undercount it).
 */
export function collectAnswer(dispatcher: Dispatcher, options: Dispatcher.DispatchOptions): Promise<CollectedAnswer> {
  return new Promise((resolve, reject) => {
    let statusCode = 0;
    let headers: CollectedAnswer['headers'] = {};
    let chunks: Buffer[] = [];
    let length = 0;
    dispatcher.dispatch(options, {
      // Its presence tells undici this handler speaks the current handler interface.
      onRequestStart() {},
      onResponseStart(_controller, status, responseHeaders) {
        // A 1xx answer is followed by the real one: only the last start counts.
        statusCode = status;
        headers = responseHeaders;
        chunks = [];
        length = 0;
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
        length += chunk.length;
      },
      onResponseEnd() {
        // Its own memory, never a slice of Node's shared 8 KB pool (what Buffer.concat gives a small
        // body): a cached slice would keep the whole slab alive behind a few hundred counted bytes.
        const body = Buffer.allocUnsafeSlow(length);
        let offset = 0;
        for (const chunk of chunks) offset += chunk.copy(body, offset);
        resolve({ statusCode, headers, body });
      },
      onResponseError(_controller, error) {
        reject(error);
      },
    });
  });
}
