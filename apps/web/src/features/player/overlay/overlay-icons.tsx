import { Icon } from '../../../components/icons';
export { PauseIcon, PlayIcon } from '../../../components/icons';

/* Decorative icons of the player's controls: each button carries the accessible name. */

/** Points to the inline start; mirrored right to left (global.css, svg[data-mirror]). */
export const BackIcon = () => (
  <Icon data-mirror="">
    <path d="M15 18l-6-6 6-6" />
  </Icon>
);

// Time controls keep their physical direction in every language, like the timeline.
export const SeekBackIcon = () => (
  <Icon>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5" />
    <text x="12" y="15.5" textAnchor="middle" fontSize="8" fill="currentColor" stroke="none">
      10
    </text>
  </Icon>
);

export const SeekForwardIcon = () => (
  <Icon>
    <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
    <path d="M21 3v5h-5" />
    <text x="12" y="15.5" textAnchor="middle" fontSize="8" fill="currentColor" stroke="none">
      10
    </text>
  </Icon>
);

export const NextIcon = () => (
  <Icon fill="currentColor" stroke="none">
    <path d="M6 5v14l10-7zM17 5h2v14h-2z" />
  </Icon>
);

export const VolumeIcon = ({ muted }: { muted: boolean }) => (
  <Icon>
    <path d="M11 5 6 9H3v6h3l5 4z" fill="currentColor" />
    {muted ? <path d="m16 9 6 6M22 9l-6 6" /> : <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />}
  </Icon>
);

export const SubtitlesIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M7 15h4M13 15h4M7 11h10" />
  </Icon>
);

export const SubtitleStyleIcon = () => (
  <Icon>
    <path d="M4 20h4M6 20 11 5h2l5 15M16 20h4M8.5 14h7" />
  </Icon>
);

export const AudioIcon = () => (
  <Icon>
    <path d="M3 18v-6a9 9 0 0 1 18 0v6" />
    <path d="M21 19a2 2 0 0 1-2 2h-1v-6h3zM3 19a2 2 0 0 0 2 2h1v-6H3z" />
  </Icon>
);

export const FullscreenIcon = ({ active }: { active: boolean }) => (
  <Icon>
    {active ? (
      <path d="M9 3v6H3M15 3v6h6M9 21v-6H3M15 21v-6h6" />
    ) : (
      <path d="M3 9V3h6M21 9V3h-6M3 15v6h6M21 15v6h-6" />
    )}
  </Icon>
);

export const CastIcon = () => (
  <Icon>
    <path d="M2 16a5 5 0 0 1 5 5M2 12a9 9 0 0 1 9 9M2 20h.01" />
    <path d="M2 8V6a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-6" />
  </Icon>
);

export const AirPlayIcon = () => (
  <Icon>
    <path d="M5 17H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-1" />
    <path d="m12 15 5 6H7z" fill="currentColor" />
  </Icon>
);
