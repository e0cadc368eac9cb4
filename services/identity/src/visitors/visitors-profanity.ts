import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';

const matcher = new RegExpMatcher({
  ...englishDataset.build(),
  ...englishRecommendedTransformers,
});

/**
 * True when a (lower-cased) username contains a word from obscenity's maintained English list,
 * leetspeak and look-alike characters included. Usernames may use `_` and `-`, which the matcher
 * treats as letters, so the name is also read with them as spaces (`x_cunt_x`, where word-boundary
 * patterns apply) and with them removed (`f_u_c_k`).
 */
export function isProfane(username: string): boolean {
  return [username, username.replace(/[_-]/g, ' '), username.replace(/[_-]/g, '')].some((variant) =>
    matcher.hasMatch(variant),
  );
}
