import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubtitleStyle } from '../controller';
import { SUBTITLE_BACKGROUND_OPACITIES, SUBTITLE_COLORS, SUBTITLE_SIZES } from './subtitle-style';
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
  const dialogId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const label = t('PLAYER.OVERLAY.SUBTITLE_STYLE');

  const closeOnOutsidePress = useEffectEvent((event: Event) => {
    if (event.target instanceof Node && !wrapper.current?.contains(event.target)) onOpenChange(false);
  });

  // On opening only: focus goes into the popup (re-renders while open must not move it).
  useEffect(() => {
    if (!open) return;
    dialog.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    const outside = (event: Event) => closeOnOutsidePress(event);
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    onOpenChange(false);
    trigger.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

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
            name={`${dialogId}-${field}`}
            checked={value[field] === choice}
            onChange={() => onChange({ ...value, [field]: choice })}
          />
          {labelOf(choice)}
        </label>
      ))}
    </fieldset>
  );

  return (
    <div className={styles.menuWrapper} ref={wrapper}>
      <button
        ref={trigger}
        type="button"
        className={styles.button}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        onClick={() => onOpenChange(!open)}
      >
        {icon}
      </button>
      {open && (
        <div id={dialogId} ref={dialog} role="dialog" aria-label={label} className={styles.menu} onKeyDown={onKeyDown}>
          {group('size', t('PLAYER.OVERLAY.SUBTITLE_SIZE'), SUBTITLE_SIZES, (size) =>
            t('PLAYER.OVERLAY.PERCENT', { value: size }),
          )}
          {group('color', t('PLAYER.OVERLAY.SUBTITLE_COLOR'), SUBTITLE_COLORS, (color) =>
            t(`PLAYER.OVERLAY.COLORS.${color}`),
          )}
          {group('backgroundOpacity', t('PLAYER.OVERLAY.SUBTITLE_BACKGROUND'), SUBTITLE_BACKGROUND_OPACITIES, (opacity) =>
            t('PLAYER.OVERLAY.PERCENT', { value: opacity }),
          )}
          <button type="button" className={styles.textButton} onClick={close}>
            {t('PLAYER.OVERLAY.CLOSE')}
          </button>
        </div>
      )}
    </div>
  );
}
