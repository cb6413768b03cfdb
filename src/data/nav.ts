import { features } from './features';
import { getProducts } from './products';
import { t } from '../i18n/zh-CN';

export interface NavItem {
  /** A group without a page of its own has no href: its label only opens its children. */
  href?: string;
  label: string;
  children?: NavItem[];
  /**
   * Folded into one group only where the desktop menu is short of room (798 to 1280 px);
   * at 1280 px and above, and in the drawer, its children stand as items of their own.
   */
  foldable?: boolean;
}

/** The header menu: the desktop bar and the mobile drawer both show all of it (the drawer reads it from the bar, drawerItems.ts). */
export async function getNavItems(): Promise<NavItem[]> {
  const products = await getProducts();
  return [
    { href: '/home', label: t.nav.home },
    {
      label: t.nav.articles,
      foldable: true,
      children: [
        { href: '/archives', label: t.nav.archives },
        { href: '/category', label: t.nav.category },
        { href: '/tag', label: t.nav.tag },
      ],
    },
    {
      label: t.nav.resources,
      children: [
        { href: '/resources/front', label: t.nav.resourcesFront },
        { href: '/resources/back', label: t.nav.resourcesBack },
        { href: '/siteList', label: t.nav.siteList },
      ],
    },
    ...(features.talks ? [{ href: '/talk', label: t.nav.talk }] : []),
    ...(features.links ? [{ href: '/link/list', label: t.nav.download }] : []),
    ...(features.board ? [{ href: '/message/list', label: t.nav.messages }] : []),
    ...(features.shop
      ? [
          {
            href: '/pay',
            label: t.nav.pay,
            children: products.map((p) => ({ href: `/pay/${p.data.slug}`, label: p.data.name })),
          },
        ]
      : []),
  ];
}
