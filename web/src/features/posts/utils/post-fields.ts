import { Attachment, splitTags, ToolLink, type PostSummary } from '@wfm/contracts/forum/posts';
import { UPLOADS_PREFIX } from '@wfm/contracts/forum/uploads';
import { z } from 'zod';

function parseJsonList<T>(text: string, item: z.ZodType<T>): T[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry) => {
      const result = item.safeParse(entry);
      return result.success ? [result.data] : [];
    });
  } catch {
    return [];
  }
}

/** The post's attachments that may be linked: only files served from /uploads/ (spec 1 §5). */
export function uploadedAttachments(post: Pick<PostSummary, 'attachments'>): Attachment[] {
  return parseJsonList(post.attachments, Attachment).filter((file) => file.url.startsWith(UPLOADS_PREFIX));
}

/** The post's tool links that have a usable URL. */
export function toolLinks(post: Pick<PostSummary, 'tool_links'>): ToolLink[] {
  return parseJsonList(post.tool_links, ToolLink).filter((link) => link.url !== '');
}

export function postTags(post: Pick<PostSummary, 'tags'>): string[] {
  return splitTags(post.tags);
}

/** 'Needs Answer': an open Question nobody has answered yet. */
export function needsAnswer(post: Pick<PostSummary, 'type' | 'status' | 'comment_count'>): boolean {
  return post.status === 'open' && post.type === 'Question' && post.comment_count === 0;
}

/** Size in KB: one decimal, two below 1 KB so small files do not read as 0.0 KB. */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(bytes < 1024 ? 2 : 1)} KB`;
}

export function isImage(file: Pick<Attachment, 'mimetype'>): boolean {
  return file.mimetype.startsWith('image/');
}
