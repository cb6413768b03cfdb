export { artistNames } from '../../lib/browser/player';

export const DEFAULT_COVER = '/img/avatar.svg';
