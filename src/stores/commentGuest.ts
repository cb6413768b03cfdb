/**
 * Commenting without an account: whether the owner allows it (asked once per page), and the
 * guest's nickname, address and site, kept in this browser so they are typed once.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { call } from '../client/api';
import { SITE_CONFIG } from '../contract/routes';
import type { GuestFields } from '../contract/commentRules';
import { emailProblem } from '../lib/shared/accountRules';
import { guestNameProblem, guestSiteProblem } from '../lib/shared/commentModeration';
import { storedCodec } from '../lib/browser/storage';

export interface GuestProfile {
  nick_name: string;
  email: string;
  site: string;
}

const EMPTY: GuestProfile = { nick_name: '', email: '', site: '' };
const isGuestProfile = (value: unknown): value is GuestProfile =>
  typeof value === 'object' &&
  value !== null &&
  ['nick_name', 'email', 'site'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

export const $guestProfile = persistentAtom<GuestProfile>('commentGuest', EMPTY, storedCodec(EMPTY, isGuestProfile));
/** Null until the site's answer is in. */
export const $guestsAllowed = atom<boolean | null>(null);

let asking: Promise<void> | null = null;

export function loadGuestsAllowed(): Promise<void> {
  asking ??= call(SITE_CONFIG).then(
    ({ result }) => $guestsAllowed.set(result?.comment_guests === true),
    () => {
      // Asked again by the next comment section; meanwhile the login prompt stands.
      asking = null;
      $guestsAllowed.set(false);
    },
  );
  return asking;
}

export function setGuestField(field: keyof GuestProfile, value: string): void {
  $guestProfile.set({ ...$guestProfile.get(), [field]: value });
}

/** The fields to send with a guest's comment, or what is wrong with them (the server's own rules). */
export function guestFields(): { fields: GuestFields } | { problem: string } {
  const profile = $guestProfile.get();
  const fields = { nick_name: profile.nick_name.trim(), email: profile.email.trim(), site: profile.site.trim() };
  const problem =
    guestNameProblem(fields.nick_name) ??
    (fields.email ? emailProblem(fields.email) : null) ??
    guestSiteProblem(fields.site);
  return problem ? { problem } : { fields };
}
