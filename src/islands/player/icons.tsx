import type { PlayModel } from '../../lib/browser/player';

/** Line icons for the controller; each button carries its own accessible name. */
function Icon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

export const PreviousIcon = () => <Icon d="M19 5L9 12l10 7V5zM5 5v14" />;
export const NextIcon = () => <Icon d="M5 5l10 7-10 7V5zM19 5v14" />;
export const VolumeIcon = () => <Icon d="M11 5L6 9H3v6h3l5 4V5zM15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />;
export const ListIcon = () => <Icon d="M4 6h16M4 12h10M4 18h7M17 15v6M14 18h6" />;

const MODE_PATHS: Record<PlayModel, string> = {
  RANDOM: 'M16 4h4v4M4 20L20 4M20 16v4h-4M15 15l5 5M4 4l5 5',
  LISTLOOP: 'M17 2l4 4-4 4M3 11V9a3 3 0 0 1 3-3h15M7 22l-4-4 4-4M21 13v2a3 3 0 0 1-3 3H3',
  SINGLECYCLE: 'M17 2l4 4-4 4M3 11V9a3 3 0 0 1 3-3h15M7 22l-4-4 4-4M21 13v2a3 3 0 0 1-3 3H3M11 10h1v5',
};

export const ModeIcon = ({ mode }: { mode: PlayModel }) => <Icon d={MODE_PATHS[mode]} />;
