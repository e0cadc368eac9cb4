import { STORED_NAME } from './receive-uploads.ts';
import type { UploadMeta, UploadStore } from './upload-store.ts';

/**
 * What a record (a forum post) says about a file it attaches comes from the upload store, never
 * from the request: the request names the file (its `/uploads/<name>` url) and nothing else is
 * believed. A record may attach only files its own author uploaded (issue 25 item 11): otherwise
 * anyone could pin someone else's upload for good (the cleanup keeps referenced files) or show it
 * under a made-up name, type and size.
 */

/** The stored name a `/uploads/<name>` url (or a bare stored name) points at, or null. */
export function storedNameOf(url: string, prefix: string): string | null {
  const name = url.startsWith(prefix) ? url.slice(prefix.length) : url;
  return STORED_NAME.test(name) ? name : null;
}

/**
 * The store's metadata of each file `urls` name, in order, when every one is a published upload
 * of `ownerHash` (the author's per-service visitor hash); null when any is not (not an upload,
 * unknown, unfinished, private, someone else's, or the author has no verified visitor). The same
 * file named twice counts once.
 */
export async function ownedUploads(
  store: Pick<UploadStore, 'findMeta'>,
  urls: readonly string[],
  ownerHash: Buffer | null,
  prefix: string,
): Promise<UploadMeta[] | null> {
  if (urls.length === 0) return [];
  if (ownerHash === null) return null;
  const names = urls.map((url) => storedNameOf(url, prefix));
  if (names.some((n) => n === null)) return null;
  const unique = [...new Set(names as string[])];
  const metas = await Promise.all(unique.map((name) => store.findMeta(name)));
  if (metas.some((meta) => meta === null || meta.private || meta.ownerHash === null || !meta.ownerHash.equals(ownerHash))) return null;
  return metas as UploadMeta[];
}
