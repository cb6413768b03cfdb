/**
 * The mobile drawer's items. A module of its own, apart from headerMenu.ts, which every page's
 * script imports: only the drawer's chunk carries it.
 */

/** An item of the menu as the drawer shows it. */
export interface MenuItem {
  /** A group without a page of its own has no href. */
  href?: string;
  label: string;
  children?: MenuItem[];
}

const itemOf = (link: Element): MenuItem => ({
  href: link.getAttribute('href') ?? undefined,
  label: link.textContent!.trim(),
});

/**
 * The drawer's items, read from the menu the page already carries (the drawer would otherwise send
 * it a second time, in every page's first flight): the groups that fold only where the desktop
 * menu is short of room stand opened out, since the drawer has room for them.
 */
export function drawerItems(header: Element | null): MenuItem[] {
  const entries = header?.querySelectorAll(':scope .menu > ul > li') ?? [];
  return [...entries].flatMap((entry): MenuItem[] => {
    const top = entry.querySelector(':scope > .top');
    if (!top) return [itemOf(entry.querySelector('a')!)];
    const children = [...entry.querySelectorAll(':scope > .submenu a')].map(itemOf);
    return entry.classList.contains('foldable') ? children : [{ ...itemOf(top), children }];
  });
}
