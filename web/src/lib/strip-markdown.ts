/**
 * Plain text of a markdown body, for previews and share text: headings, emphasis, code, links,
 * images, quotes, list markers and HTML tags are removed, whitespace collapsed.
 */
export function stripMarkdown(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n?([\s\S]*?)```/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*(?:[-*_]\s*){3,}$/gm, '')
    .replace(/\*\*(?!\s)(.+?)\*\*/g, '$1')
    .replace(/(^|\W)__(?!\s)(.+?)__(?=\W|$)/g, '$1$2')
    .replace(/\*(?!\s)(.+?)\*/g, '$1')
    .replace(/(^|\W)_(?!\s)(.+?)_(?=\W|$)/g, '$1$2')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
