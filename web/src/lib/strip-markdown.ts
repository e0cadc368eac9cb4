/**
 * Plain text of a markdown body, for previews and share text: headings, emphasis, code, links,
 * images, quotes, list markers, rules, table pipes and delimiter rows and HTML tags are removed,
 * whitespace collapsed.
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
    .replace(/^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*(?::?-+:?[ \t]*)?$/gm, '')
    .replace(/^[ \t]*\|(.*)$/gm, (_row, cells: string) => cells.replace(/\|[ \t]*$/, '').split('|').join(' '))
    .replace(/\*\*(?!\s)(.+?)\*\*/g, '$1')
    .replace(/(^|\W)__(?!\s)(.+?)__(?=\W|$)/g, '$1$2')
    .replace(/\*(?!\s)(.+?)\*/g, '$1')
    .replace(/(^|\W)_(?!\s)(.+?)_(?=\W|$)/g, '$1$2')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
