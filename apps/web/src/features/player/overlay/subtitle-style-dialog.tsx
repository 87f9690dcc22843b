import { useId, type ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { SubtitleStyle } from '../controller';
import { SUBTITLE_BACKGROUND_OPACITIES, SUBTITLE_COLORS, SUBTITLE_SIZES } from './subtitle-style';
import { useFocusBack } from './use-focus-back';
import styles from './player-overlay.module.css';

interface Props {
  icon: ReactNode;
  value: SubtitleStyle;
  onChange(style: SubtitleStyle): void;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The player container: the dialog stays over the video in full screen. */
  portal: Element | undefined;
}

/**
 * The subtitle appearance settings: React Aria's DialogTrigger with a Popover holding a dialog of
 * three radio groups (size, colour, background opacity). Native radios give arrow-key choice;
 * focus starts on the checked size; Escape or a press outside closes and focus returns to the button.
 */
export function SubtitleStyleDialog({ icon, value, onChange, open, onOpenChange, portal }: Props) {
  const { t } = useTranslation();
  const groupName = useId();
  const { trigger, popover } = useFocusBack(open);
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
            autoFocus={field === 'size' && value[field] === choice}
            onChange={() => onChange({ ...value, [field]: choice })}
          />
          {labelOf(choice)}
        </label>
      ))}
    </fieldset>
  );

  return (
    <DialogTrigger isOpen={open} onOpenChange={onOpenChange}>
      <Button ref={trigger} className={styles.button} aria-label={label}>
        {icon}
      </Button>
      <Popover
        ref={popover}
        className={styles.menu}
        placement="top end"
        offset={8}
        isNonModal
        UNSTABLE_portalContainer={portal}
      >
        <Dialog aria-label={label} className={styles.dialog}>
          {({ close }) => (
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
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
