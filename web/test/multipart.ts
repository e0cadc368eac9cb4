/** One part of a multipart/form-data body: a field's text, or a file's name, type and bytes (latin1). */
export interface MultipartPart {
  name: string;
  filename?: string;
  type?: string;
  value: string;
}

/**
 * The parts of a multipart/form-data request an MSW handler received, read from the raw body.
 * `request.formData()` fails under jsdom on Node 26: undici checks the files it parses against the
 * global File, which the jsdom environment replaces with its own.
 */
export async function multipartParts(request: Request): Promise<MultipartPart[]> {
  const boundary = /boundary=(.+)$/.exec(request.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error(`not a multipart body: ${request.headers.get('content-type')}`);
  // latin1: one character per byte, so a file's length is its size.
  const body = Buffer.from(await request.arrayBuffer()).toString('latin1');
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const [head = '', ...rest] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
      const filename = /filename="([^"]*)"/.exec(head)?.[1];
      const type = /content-type: *(.+)/i.exec(head)?.[1]?.trim();
      return {
        name: /name="([^"]*)"/.exec(head)?.[1] ?? '',
        ...(filename === undefined ? {} : { filename }),
        ...(type ? { type } : {}),
        value: rest.join('\r\n\r\n').replace(/\r\n$/, ''),
      };
    });
}
