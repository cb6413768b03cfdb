/**
 * The owner's part of src/site.config.ts for an export: who the site is (name, avatar, words,
 * social links, payment codes). The rest of the config (address, features, page layout) belongs
 * to the installation, not to the owner's data, and stays with it.
 */
import type { SiteConfig } from '../../site.config.ts';
import type { ExportedSite } from './format.ts';

export function siteFields(site: SiteConfig): ExportedSite {
  return {
    title: site.title,
    shortName: site.shortName,
    author: site.author,
    avatar: site.avatar,
    personalSay: site.personalSay,
    notice: site.notice,
    social: {
      github: site.social.github,
      gitee: site.social.gitee,
      bilibili: site.social.bilibili,
      qq: site.social.qq,
      weChat: site.social.weChat,
      qqGroup: site.social.qqGroup,
      weChatGroup: site.social.weChatGroup,
    },
    payment: { weChatQr: site.payment.weChatQr, aliPayQr: site.payment.aliPayQr },
    avatarBackground: site.avatarBackground,
  };
}
