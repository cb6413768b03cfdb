/** Whether and how the site sends mail (README, 配置): `SMTP_URL` and `MAIL_FROM`; off when `SMTP_URL` is unset. */
export interface MailSettings {
  /** `smtps://user:password@host:465`, or `smtp://host:587` for STARTTLS or a relay on the machine. */
  url: string;
  /** The sender as readers see it, e.g. `小咸鱼的博客 <blog@example.com>`. */
  from: string;
}

export function mailSettings(env: Record<string, string | undefined>): MailSettings | null {
  const url = env.SMTP_URL?.trim();
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('SMTP_URL 不是有效的地址，例如 smtps://账号:授权码@smtp.qq.com:465');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:')
    throw new Error('SMTP_URL 必须以 smtp:// 或 smtps:// 开头');
  // Most hosts only accept mail from the account that logs in: that account is the default sender.
  const from = env.MAIL_FROM?.trim() || decodeURIComponent(parsed.username);
  if (!/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/.test(from)) {
    throw new Error('请设置 MAIL_FROM（发件人地址，例如 "小咸鱼的博客 <blog@example.com>"）');
  }
  return { url, from };
}
