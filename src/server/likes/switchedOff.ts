/** Likes of a part of the site switched off: nothing of it can be reached, so nothing of it can be liked, by the generic like routes either. */
import type { LikeKind } from '../../contract/likes.ts';
import type { Feature } from '../../lib/shared/features.ts';
import type { LikeTargets } from './service.ts';
import type { LikeTarget } from './target.ts';

/** Which part of the site each kind of like belongs to; articles are always on. */
const LIKE_PARTS: Partial<Record<LikeKind, Feature>> = { talk: 'talks', message: 'board', comment: 'comments' };

const whileOn = (target: LikeTarget, on: () => boolean): LikeTarget => ({
  ...target,
  reachable: (id) => on() && (target.reachable?.(id) ?? true),
  counter: async (db, id) => (on() ? target.counter(db, id) : null),
});

/** The targets, each asking on every like whether its part is on (`isOn` follows the live build). */
export function withoutSwitchedOff(targets: LikeTargets, isOn: (feature: Feature) => boolean): LikeTargets {
  const kept = { ...targets };
  for (const [kind, part] of Object.entries(LIKE_PARTS) as [LikeKind, Feature][])
    kept[kind] = whileOn(targets[kind], () => isOn(part));
  return kept;
}
