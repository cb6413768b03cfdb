export { artistNames } from '../../lib/player';

export const DEFAULT_COVER = '/img/avatar.svg';
