import type { PostSummary } from '@wfm/contracts/forum/posts';
import { stripMarkdown } from '../../../lib/strip-markdown.ts';

export const SHARE_TEXT_CHARS = 100;

export const SHARE_TOASTS = {
  shared: { title: 'Post shared!' },
  copied: { title: 'Link copied!' },
  failed: { title: 'Share failed', description: 'Unable to share or copy link. Please try again.', variant: 'destructive' },
} as const;

export function shareUrl(id: number, origin = window.location.origin): string {
  return `${origin}/post/${id}`;
}

/** The stripped body cut to 100 characters, plus an ellipsis (spec 1 §9). */
export function shareText(body: string): string {
  return `${stripMarkdown(body).slice(0, SHARE_TEXT_CHARS)}...`;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Copies with the Clipboard API, else with a hidden text field and the copy command. */
async function copyText(text: string): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(text);
  } catch (error) {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    const copied = typeof document.execCommand === 'function' && document.execCommand('copy');
    field.remove();
    if (!copied) throw error;
  }
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled';

/**
 * Shares the post with the system share sheet where there is one, else copies its link. A share
 * that fails (other than the visitor closing the sheet) falls back to copying; throws when both fail.
 */
export async function sharePost(post: Pick<PostSummary, 'id' | 'title' | 'body'>): Promise<ShareOutcome> {
  const url = shareUrl(post.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: post.title, text: shareText(post.body), url });
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
    }
  }
  await copyText(url);
  return 'copied';
}
