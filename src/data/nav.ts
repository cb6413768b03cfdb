import { getCollection } from 'astro:content';
import { t } from '../i18n/zh-CN';

export interface NavItem {
  href: string;
  label: string;
  children?: NavItem[];
}

/** The header menu; the mobile drawer shows the same items minus the pay group. */
export async function getNavItems(): Promise<NavItem[]> {
  const products = (await getCollection('products')).sort((a, b) => a.data.order - b.data.order);
  return [
    { href: '/home', label: t.nav.home },
    { href: '/archives', label: t.nav.archives },
    { href: '/category', label: t.nav.category },
    { href: '/tag', label: t.nav.tag },
    { href: '/pay', label: t.nav.pay, children: products.map((p) => ({ href: `/pay/${p.data.slug}`, label: p.data.name })) },
    { href: '/link/list', label: t.nav.download },
    { href: '/message/list', label: t.nav.messages },
  ];
}
