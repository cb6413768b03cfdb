/**
 * The site's mail, in 中文 plain text: what it is, what to do, and who can ignore it. A subject
 * never holds words a reader wrote (a nickname, a comment): anyone can write those, and a subject
 * is what a mailbox shows of a mail from the site without opening it.
 */
import { NOTIFICATION_TYPE, type NotificationTypeCode } from '../../contract/notifications.ts';
import { unescapeHtml } from '../../lib/shared/html.ts';
import { site } from '../../site.config.ts';
import type { Mail } from './mailer.ts';

const signature = `\n\n—— ${site.title}\n（这封邮件由网站自动发送，请不要直接回复。）`;

export function resetMail({
  to,
  nickName,
  url,
  minutes,
}: {
  to: string;
  nickName: string;
  url: string;
  minutes: number;
}): Mail {
  return {
    to,
    subject: `【${site.title}】重置密码`,
    text: `${nickName}，你好：\n\n有人（希望是你）申请重置你在${site.title}的密码。打开下面的链接设置新密码，链接 ${minutes} 分钟内有效，只能用一次：\n\n${url}\n\n设置新密码后，所有已登录的设备都会退出。如果不是你本人申请的，不用理会这封邮件，你的密码不会改变。${signature}`,
  };
}

export function verifyMail({
  to,
  nickName,
  url,
  hours,
}: {
  to: string;
  nickName: string;
  url: string;
  hours: number;
}): Mail {
  return {
    to,
    subject: `【${site.title}】验证你的邮箱`,
    text: `${nickName}，你好：\n\n你在${site.title}填写了这个邮箱。打开下面的链接完成验证，链接 ${hours} 小时内有效：\n\n${url}\n\n验证后，这个邮箱可以用来找回密码，也会收到你选择接收的通知。如果不是你本人操作的，不用理会这封邮件。${signature}`,
    asks: true,
  };
}

/** What each kind of notification says in a subject: the site's words only, never the notice's own. */
const NOTIFICATION_SUBJECTS: Record<NotificationTypeCode, string> = {
  [NOTIFICATION_TYPE.article]: '有人回复了你的评论',
  [NOTIFICATION_TYPE.talk]: '有人回复了你的评论',
  [NOTIFICATION_TYPE.board]: '有人回复了你的评论',
  [NOTIFICATION_TYPE.linkApplication]: '你的下载申请有了结果',
  [NOTIFICATION_TYPE.myOrder]: '你的订单有了新动态',
  [NOTIFICATION_TYPE.ownerOrder]: '订单有了新动态',
  [NOTIFICATION_TYPE.heldComment]: '有评论等待审核',
  [NOTIFICATION_TYPE.ownerLinkApplication]: '有新的下载申请',
};

/** A notification as mail: its words, without the markup of the bell's list, and where to read more. */
export function notificationMail({
  to,
  nickName,
  type,
  message,
  url,
}: {
  to: string;
  nickName: string;
  type: NotificationTypeCode;
  message: string;
  url: string;
}): Mail {
  const words = unescapeHtml(message.replace(/<[^<>]*>/g, ''));
  return {
    to,
    subject: `【${site.title}】${NOTIFICATION_SUBJECTS[type]}`,
    text: `${nickName}，你好：\n\n${words}\n\n查看：${url}\n\n不想再收到这类邮件，可以在个人中心的「邮箱与通知」里关闭。${signature}`,
  };
}

/** A reply to a guest's comment: they left an address for this alone, and confirmed it is theirs. */
export function guestReplyMail({
  to,
  nickName,
  replier,
  where,
  text,
  url,
}: {
  to: string;
  nickName: string;
  replier: string;
  where: string;
  text: string;
  url: string;
}): Mail {
  return {
    to,
    subject: `【${site.title}】你的评论有了新回复`,
    text: `${nickName}，你好：\n\n${replier} 回复了你在${where}下的评论：\n\n${text}\n\n查看：${url}\n\n你评论时留下了这个邮箱，所以收到这封提醒。以后评论时不填邮箱，就不会再收到。${signature}`,
  };
}

/** Asks a guest whether the address left with a comment is theirs: no reply reaches it until the link is opened. */
export function guestConfirmMail({ to, url, days }: { to: string; url: string; days: number }): Mail {
  return {
    to,
    subject: `【${site.title}】确认接收评论回复提醒`,
    text: `你好：\n\n有人在${site.title}评论时留下了这个邮箱。如果是你，打开下面的链接确认，之后有人回复你的评论时会发邮件提醒你（链接 ${days} 天内有效）：\n\n${url}\n\n如果不是你，不用理会这封邮件，本站不会再给这个邮箱发回复提醒。${signature}`,
    asks: true,
  };
}

/** Tells the address an account had that it now has another, with the way back. */
export function emailChangedMail({
  to,
  nickName,
  newAddress,
  url,
  days,
}: {
  to: string;
  nickName: string;
  newAddress: string;
  url: string;
  days: number;
}): Mail {
  return {
    to,
    subject: `【${site.title}】你的账号换了邮箱`,
    text: `${nickName}，你好：\n\n你在${site.title}的账号的邮箱刚刚从这个邮箱换成了 ${newAddress}。\n\n如果是你本人换的，不用理会这封邮件。如果不是，说明别人登录了你的账号：打开下面的链接（${days} 天内有效）换回这个邮箱，所有设备都会退出登录，然后请用「忘记密码」重设密码：\n\n${url}${signature}`,
  };
}
