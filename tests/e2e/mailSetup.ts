/**
 * The end-to-end suite's SMTP server: started in the test runner's process before the tests, it
 * receives the site's mail and writes each message as JSON into `E2E_DATA_DIR/mail/`, where the
 * tests (in worker processes) read it with `mailTo` (mail.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMailbox } from '../mailbox';

export default async function startSuiteMailbox(): Promise<() => Promise<void>> {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  mkdirSync(dir, { recursive: true });
  const mailbox = await startMailbox(Number(process.env.E2E_SMTP_PORT));
  let count = 0;
  mailbox.onMail = (mail) => writeFileSync(join(dir, `${String(++count).padStart(5, '0')}.json`), JSON.stringify(mail));
  return () => mailbox.stop();
}
