/** docs/product.md §23: comments longer than this many characters are cut, with Show More / Show Less. */
const COMMENT_LIMIT = 200;

/** The first `limit` characters and an ellipsis, or the whole text when it fits (characters, not UTF-16 units). */
export function truncateComment(text: string, limit: number = COMMENT_LIMIT): { text: string; isTruncated: boolean } {
  const characters = Array.from(text);
  if (characters.length <= limit) return { text, isTruncated: false };
  return { text: `${characters.slice(0, limit).join('')}...`, isTruncated: true };
}

/** The avatar letter: the name's first character in upper case, or "U" without a name. */
export function avatarInitial(name: string | null | undefined): string {
  const [first] = Array.from(name?.trim() ?? '');
  return first ? first.toLocaleUpperCase() : 'U';
}
