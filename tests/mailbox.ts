/**
 * A real SMTP server in the test's process (smtp-server, from the nodemailer project): it accepts
 * every message on a free local port, parses it with mailparser, and keeps it for the test to read.
 */
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export interface Mailbox {
  /** `SMTP_URL` for the server under test. */
  url: string;
  received: ReceivedMail[];
  /** The first message to `to` whose subject contains `subject`, waiting up to 10 s for it. */
  waitFor(to: string, subject: string): Promise<ReceivedMail>;
  stop(): Promise<void>;
  /** Called with each message as it arrives (the e2e suite writes them where its tests can read them). */
  onMail?: (mail: ReceivedMail) => void;
}

export async function startMailbox(port = 0): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const mailbox: Mailbox = {
    url: '',
    received,
    async waitFor(to, subject) {
      for (let i = 0; i < 200; i++) {
        const found = received.find((mail) => mail.to.includes(to.toLowerCase()) && mail.subject.includes(subject));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(
        `没有收到发给 ${to}、主题含「${subject}」的邮件；收到的：${JSON.stringify(received.map((m) => [m.to, m.subject]))}`,
      );
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    // Plain SMTP on the loopback address: no TLS to set up, no login to give.
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          };
          received.push(mail);
          mailbox.onMail?.(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  mailbox.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return mailbox;
}

/** The link in a mail that starts with `prefix`, e.g. `http://…/resetPassword?token=`. */
export function linkIn(mail: ReceivedMail, page: string): string {
  const found = new RegExp(`https?://\\S+/${page}\\?token=[A-Za-z0-9_-]+`).exec(mail.text);
  if (!found) throw new Error(`邮件里没有 ${page} 链接：${mail.text}`);
  return found[0];
}
