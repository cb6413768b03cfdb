/**
 * The site author's name is the owner's alone. Readers take 小 咸 鱼 (spaces or dots between the
 * characters) and 小咸魚 (Traditional characters) for the same name, so both are folded before the
 * names are compared, on top of what tells nicknames apart (accountRules.ts). The Traditional to
 * Simplified table is OpenCC's (opencc-js), loaded with the first check: some 3 MB of heap that a
 * server whose readers never pick a nickname never holds.
 */
import { sameNickName } from '../../lib/shared/accountRules.ts';
import { site } from '../../site.config.ts';
import { InvalidInput } from '../shared/errors.ts';
import { madeOnFirstUse } from '../shared/firstUse.ts';

const toSimplified = madeOnFirstUse(async () => (await import('opencc-js/t2cn')).Converter({ from: 'tw', to: 'cn' }));

/** What may stand between the characters of a name without a reader noticing. */
const BETWEEN = /[\s\p{P}\p{S}]/gu;

/** Whether `nickName` would pass for `author` with a reader. */
export async function passesForOwner(nickName: string, author: string): Promise<boolean> {
  const simplified = await toSimplified();
  const fold = (name: string) => simplified(name.normalize('NFKC')).replace(BETWEEN, '');
  return sameNickName(fold(nickName), fold(author));
}

/** Refuses `nickName` for anyone but the owner when it would pass for the site's author. */
export async function refuseOwnersName(nickName: string): Promise<void> {
  if (await passesForOwner(nickName, site.author))
    throw new InvalidInput(`昵称「${site.author}」是站长专用的，请换一个`, ['nick_name']);
}
