/**
 * However many readers act, one address receives at most MAILS_PER_ADDRESS_PER_DAY mails a day from
 * the site, and at most ASKING_MAILS_PER_ADDRESS_PER_DAY of those ask whether the address is the
 * reader's (a verify link, a guest's confirm link): the mails anyone can send to any address. Without
 * the cap, the site's SMTP account could be made to mail a stranger without end, and be blocked as
 * a spammer. The counts are budgets (budgets/table.ts), shared by every process on the database.
 */
import { ASKING_MAILS_PER_ADDRESS_PER_DAY, MAILS_PER_ADDRESS_PER_DAY } from '../../contract/limits.ts';
import { countHit } from '../budgets/table.ts';
import type { GroupCommit } from '../db/groupCommitOf.ts';
import { RetryLater } from '../shared/errors.ts';
import type { Mailer } from './mailer.ts';

const DAY = 24 * 3600_000;

/** A mail not sent because its address has had enough for today. */
export class AddressMailedEnough extends RetryLater {
  constructor(retryAfterMs: number) {
    super('这个邮箱今天已经收到太多本站的邮件，请明天再试', retryAfterMs);
    this.name = 'AddressMailedEnough';
  }
}

export function cappedMailer(mailer: Mailer, commit: GroupCommit, now: () => number = Date.now): Mailer {
  const within = async (key: string, max: number) => {
    const { hits, resetAt } = await commit.run(countHit, key, DAY, now());
    if (hits > max) throw new AddressMailedEnough(resetAt - now());
  };
  return {
    enabled: mailer.enabled,
    async send(mail) {
      const address = mail.to.trim().toLowerCase();
      if (mail.asks) await within(`mail-asking|${address}`, ASKING_MAILS_PER_ADDRESS_PER_DAY);
      await within(`mail-to|${address}`, MAILS_PER_ADDRESS_PER_DAY);
      await mailer.send(mail);
    },
  };
}
