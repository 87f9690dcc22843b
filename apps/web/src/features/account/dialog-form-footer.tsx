import { Button } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import styles from './account-settings.module.css';

/**
 * The end of every form dialog of the account settings (change password, change email, a
 * profile): the error of the last attempt, Cancel, and the submit button (disabled while sending).
 */
export function DialogFormFooter({
  error,
  busy,
  onCancel,
  submitLabel,
}: {
  error: string | null | undefined;
  busy: boolean;
  onCancel: () => void;
  /** Defaults to the translated "Valider". */
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <Button className={styles.secondary} onPress={onCancel}>
          {t('POPUP.CANCEL')}
        </Button>
        <Button type="submit" className={styles.primary} isDisabled={busy}>
          {submitLabel ?? t('POPUP.VALIDATE')}
        </Button>
      </div>
    </>
  );
}
