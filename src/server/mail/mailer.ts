/**
 * Mail through the owner's SMTP server (nodemailer). A site without `SMTP_URL` has a mailer that
 * is off: callers ask `enabled` and offer the owner's one-time links instead. Nodemailer is loaded
 * with the first message, so a server that never sends mail never holds it.
 */
import { madeOnFirstUse } from '../shared/firstUse.ts';
import type { MailSettings } from './settings.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** It asks whether the address is the reader's: anyone can have it sent anywhere, so fewer go to one address (recipientCap.ts). */
  asks?: boolean;
}

export interface Mailer {
  enabled: boolean;
  /** Resolves once the SMTP server has accepted the message. */
  send(mail: Mail): Promise<void>;
}

export function createMailer(settings: MailSettings | null): Mailer {
  if (!settings) {
    return {
      enabled: false,
      send: () => Promise.reject(new Error('本站没有开启邮件（SMTP_URL）')),
    };
  }
  // A host that does not answer must not hold a request for nodemailer's default of minutes.
  const transport = madeOnFirstUse(async () =>
    (await import('nodemailer')).default.createTransport({
      url: settings.url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    }),
  );
  return {
    enabled: true,
    async send(mail) {
      const { to, subject, text } = mail;
      await (await transport()).sendMail({ from: settings.from, to, subject, text });
    },
  };
}
