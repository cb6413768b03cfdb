/**
 * The header menu's behaviour in the browser. The menu itself is static HTML: submenus open on
 * hover and focus through CSS alone. This adds what CSS cannot: which item is the current page,
 * the open state in aria-expanded, a click toggle for touch screens, and Escape to dismiss a
 * submenu without moving the pointer or focus away.
 */
import { withoutTrailingSlash } from '../shared/trim.ts';

/** True when `href` is this page or a section holding it: `/category` for `/category/前端`. */
export function isCurrentPath(pathname: string, href: string): boolean {
  const path = withoutTrailingSlash(pathname);
  return path === href || path.startsWith(href + '/');
}

const groupsIn = (header: Element | null) => header?.querySelectorAll<HTMLElement>('.menu .group') ?? [];
const groupTop = (group: Element) => group.querySelector<HTMLElement>(':scope > .top')!;

/** The link for this page is "page"; the top of a group holding it is "true", as in a breadcrumb trail. */
export function markCurrent(header: Element | null, pathname: string): void {
  for (const link of header?.querySelectorAll<HTMLAnchorElement>('.menu a') ?? []) {
    if (isCurrentPath(pathname, link.getAttribute('href')!)) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  for (const group of groupsIn(header)) {
    const top = groupTop(group);
    if (group.querySelector('.submenu [aria-current]')) top.setAttribute('aria-current', 'true');
    else if (top instanceof HTMLButtonElement) top.removeAttribute('aria-current');
  }
}

/** Listens on the document, so it serves whichever header the page has; call once per tab. */
export function enhanceSubmenus(header: () => HTMLElement | null): void {
  const isOpen = (group: HTMLElement) =>
    !group.hasAttribute('data-dismissed') &&
    (group.hasAttribute('data-open') || group.matches(':hover, :focus-within'));
  const groupOf = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLElement>('#site-header .group') : null;
  const dismiss = (group: HTMLElement) => {
    group.removeAttribute('data-open');
    group.setAttribute('data-dismissed', '');
  };
  const reset = (group: HTMLElement) => {
    group.removeAttribute('data-open');
    group.removeAttribute('data-dismissed');
  };

  let syncPending = false;
  const syncExpanded = () => {
    if (syncPending) return;
    syncPending = true;
    requestAnimationFrame(() => {
      syncPending = false;
      for (const group of groupsIn(header())) groupTop(group).setAttribute('aria-expanded', String(isOpen(group)));
    });
  };

  // Pressing a group's button focuses it, which already opens it; whether the press opens or
  // closes depends on the state before it. A tap finds it closed, a hovering mouse finds it open.
  let openBeforePress: boolean | null = null;
  document.addEventListener('pointerdown', (e) => {
    const group = groupOf(e.target);
    openBeforePress = group ? isOpen(group) : null;
  });
  document.addEventListener('click', (e) => {
    const group = groupOf(e.target);
    const pressed = e.target instanceof Element && e.target.closest('button.top');
    if (!group || !pressed) return;
    const wasOpen = e.detail > 0 && openBeforePress !== null ? openBeforePress : isOpen(group);
    openBeforePress = null;
    if (wasOpen) dismiss(group);
    else {
      reset(group);
      group.setAttribute('data-open', '');
    }
    syncExpanded();
  });
  document.addEventListener('keydown', (e) => {
    const group = groupOf(e.target);
    if (e.key !== 'Escape' || !group || !isOpen(group)) return;
    dismiss(group);
    groupTop(group).focus();
    syncExpanded();
  });
  // Leaving a group, by pointer or by focus, forgets any toggle or dismissal made inside it.
  for (const type of ['focusout', 'mouseout'] as const) {
    document.addEventListener(type, (e) => {
      const group = groupOf(e.target);
      if (group && !group.contains(e.relatedTarget as Node | null)) reset(group);
      syncExpanded();
    });
  }
  for (const type of ['focusin', 'mouseover'] as const) document.addEventListener(type, syncExpanded);

  document.addEventListener('astro:after-swap', () => {
    // A submenu link just chosen keeps focus in the persisted header: close its menu, as a page load would.
    const chosen = groupOf(document.activeElement);
    if (chosen) dismiss(chosen);
    syncExpanded();
  });
}
