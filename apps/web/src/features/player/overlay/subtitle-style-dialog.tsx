import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubtitleStyle } from '../controller';
import { SUBTITLE_BACKGROUND_OPACITIES, SUBTITLE_COLORS, SUBTITLE_SIZES } from './subtitle-style';
import { OverlayPopover } from './overlay-popover';
import styles from './player-overlay.module.css';

interface Props {
  icon: ReactNode;
  value: SubtitleStyle;
  onChange(style: SubtitleStyle): void;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The subtitle appearance settings: a non-modal dialog of three radio groups (size, colour,
 * background opacity). Native radios give arrow-key choice; Escape closes and focus returns to
 * the button.
 */
export function SubtitleStyleDialog({ icon, value, onChange, open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const groupName = useId();
  const label = t('PLAYER.OVERLAY.SUBTITLE_STYLE');

  const group = <K extends keyof SubtitleStyle>(
    field: K,
    legend: string,
    choices: readonly SubtitleStyle[K][],
    labelOf: (choice: SubtitleStyle[K]) => string,
  ) => (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      {choices.map((choice) => (
        <label key={String(choice)} className={styles.radio}>
          <input
            type="radio"
            name={`${groupName}-${field}`}
            checked={value[field] === choice}
            onChange={() => onChange({ ...value, [field]: choice })}
          />
          {labelOf(choice)}
        </label>
      ))}
    </fieldset>
  );

  return (
    <OverlayPopover
      label={label}
      icon={icon}
      popup="dialog"
      open={open}
      onOpenChange={onOpenChange}
      initialFocus={(dialog) => dialog.querySelector<HTMLInputElement>('input:checked')}
      onKeyDown={(event, close) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
    >
      {(close) => (
        <>
          {group('size', t('PLAYER.OVERLAY.SUBTITLE_SIZE'), SUBTITLE_SIZES, (size) =>
            t('PLAYER.OVERLAY.PERCENT', { value: size }),
          )}
          {group('color', t('PLAYER.OVERLAY.SUBTITLE_COLOR'), SUBTITLE_COLORS, (color) =>
            t(`PLAYER.OVERLAY.COLORS.${color}`),
          )}
          {group(
            'backgroundOpacity',
            t('PLAYER.OVERLAY.SUBTITLE_BACKGROUND'),
            SUBTITLE_BACKGROUND_OPACITIES,
            (opacity) => t('PLAYER.OVERLAY.PERCENT', { value: opacity }),
          )}
          <button type="button" className={styles.textButton} onClick={close}>
            {t('PLAYER.OVERLAY.CLOSE')}
          </button>
        </>
      )}
    </OverlayPopover>
  );
}
