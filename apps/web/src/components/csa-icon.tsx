import { useTranslation } from 'react-i18next';

/** The CSA levels that carry a pictogram (signalétique jeunesse); "tous publics" has none. */
export const CSA_ICON_LEVELS = [10, 12, 16, 18] as const;
export type CsaIconLevel = (typeof CSA_ICON_LEVELS)[number];

export function isCsaIconLevel(value: unknown): value is CsaIconLevel {
  return (CSA_ICON_LEVELS as readonly unknown[]).includes(value);
}

/**
 * A CSA pictogram: a white disc with the black "-N", drawn inline (no request, sharp at any
 * size). Screen readers get the level in words; `decorative` hides it when the text next to the
 * icon already says it.
 */
export function CsaIcon({
  level,
  size = 32,
  decorative = false,
  className,
}: {
  level: CsaIconLevel;
  size?: number;
  decorative?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const a11y = decorative
    ? ({ 'aria-hidden': true } as const)
    : ({ role: 'img', 'aria-label': t('CSA.ICON_LABEL', { age: level }) } as const);
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 40 40"
      focusable="false"
      data-csa-level={level}
      {...a11y}
    >
      <circle cx="20" cy="20" r="18.5" fill="#ffffff" stroke="#000000" strokeWidth="1.5" />
      <text
        x="20"
        y="20"
        dy="0.35em"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="15"
        fontWeight="700"
        fill="#000000"
        direction="ltr"
        unicodeBidi="bidi-override"
      >
        {`-${level}`}
      </text>
    </svg>
  );
}
