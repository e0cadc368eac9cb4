import { splitTags, type PostSummary } from '@wfm/contracts/forum/posts';

/** The title lowercased, every character other than a-z and 0-9 replaced by a hyphen, plus .md. */
export function exportFileName(title: string): string {
  return `${title.toLowerCase().replace(/[^a-z0-9]/g, '-')}.md`;
}

/** The post as a markdown document: title, author, created date, tags, then the body. */
export function exportMarkdown(post: Pick<PostSummary, 'title' | 'author_name' | 'created_at' | 'tags' | 'body'>): string {
  const tags = splitTags(post.tags);
  return [
    `# ${post.title}`,
    '',
    `**Author:** ${post.author_name}  `,
    `**Created:** ${new Date(post.created_at).toLocaleString()}  `,
    `**Tags:** ${tags.length > 0 ? tags.map((tag) => `#${tag}`).join(' ') : 'None'}`,
    '',
    '---',
    '',
    post.body,
    '',
  ].join('\n');
}

/** Saves `text` as a file through a temporary link. */
export function downloadText(fileName: string, text: string, type = 'text/markdown;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
