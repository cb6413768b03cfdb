/** What the suite's SMTP server (mailSetup.ts) received, read by the tests. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from './fixtures';
import type { ReceivedMail } from '../mailbox';

/** The newest message to `to` whose subject contains `subject`, waiting for it to arrive. */
export async function mailTo(to: string, subject: string): Promise<ReceivedMail> {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        const all = readdirSync(dir)
          .sort()
          .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as ReceivedMail);
        found = all.reverse().find((mail) => mail.to.includes(to.toLowerCase()) && mail.subject.includes(subject));
        return Boolean(found);
      },
      { message: `发给 ${to}、主题含「${subject}」的邮件` },
    )
    .toBe(true);
  return found!;
}
