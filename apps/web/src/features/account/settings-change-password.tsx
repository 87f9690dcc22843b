import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { isValidPassword } from '@antenne/contract';
import { changePassword, isWrongPassword } from '../../api/account';
import { useUserToken } from '../../state/session-store';
import { DialogFormFooter } from './dialog-form-footer';
import styles from './account-settings.module.css';
import { TextField } from './text-field';
import { settingsFieldClasses } from './settings-field-classes';

/** The Change password button and its dialog (spec part 1 §4, §5, §8). */
export function ChangePasswordButton({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogTrigger>
      <Button className={styles.secondary}>{t('ACCOUNT.CHANGE_PASSWORD')}</Button>
      <ModalOverlay isDismissable className={styles.overlay}>
        <Modal className={styles.modal}>
          <Dialog className={styles.dialog}>
            {({ close }) => (
              <ChangePasswordForm
                onCancel={close}
                onChanged={() => {
                  close();
                  onChanged();
                }}
              />
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

/**
 * Current, new and confirmation. The new password must follow the rules (else the rules text
 * followed by the confirmation error, both fields cleared) and match its confirmation; then the
 * identity service checks the current one (wrong: LOGIN.LOGIN_PASSWORD_ERROR) and sets the new one.
 */
function ChangePasswordForm({ onCancel, onChanged }: { onCancel: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const token = useUserToken();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [currentError, setCurrentError] = useState<string | undefined>();
  const [nextError, setNextError] = useState<string | undefined>();
  const [confirmationError, setConfirmationError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to the settings form around it.
    event.stopPropagation();
    setCurrentError(undefined);
    setNextError(undefined);
    setConfirmationError(undefined);
    setError(undefined);
    if (!current) {
      setCurrentError(t('ACCOUNT.CURRENT_PASSWORD_REQUIRED'));
      return;
    }
    if (!isValidPassword(next)) {
      setNextError(t('REGISTER.REGISTER_PASSWORD_RULES'));
      setConfirmationError(t('ERROR.ERROR_PASSWORD_CONFIRMATION'));
      setNext('');
      setConfirmation('');
      return;
    }
    if (next !== confirmation) {
      setConfirmationError(t('ERROR.ERROR_PASSWORD_CONFIRMATION'));
      setConfirmation('');
      return;
    }
    setBusy(true);
    try {
      await changePassword(current, next, token);
    } catch (failure) {
      setBusy(false);
      if (isWrongPassword(failure)) {
        setCurrent('');
        setCurrentError(t('LOGIN.LOGIN_PASSWORD_ERROR'));
      } else {
        setError(t('ACCOUNT.ERROR_GENERIC'));
      }
      return;
    }
    setBusy(false);
    onChanged();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.dialogForm}>
      <Heading slot="title" className={styles.dialogTitle}>
        {t('ACCOUNT.CHANGE_PASSWORD')}
      </Heading>
      <TextField
        classes={settingsFieldClasses}
        label={t('ACCOUNT.CURRENT_PASSWORD')}
        error={currentError}
        type="password"
        value={current}
        onChange={setCurrent}
        autoComplete="current-password"
        autoFocus
      />
      <TextField
        classes={settingsFieldClasses}
        label={t('ACCOUNT.NEW_PASSWORD')}
        error={nextError}
        type="password"
        value={next}
        onChange={setNext}
        autoComplete="new-password"
      />
      <TextField
        classes={settingsFieldClasses}
        label={t('ACCOUNT.CONFIRM_PASSWORD')}
        error={confirmationError}
        type="password"
        value={confirmation}
        onChange={setConfirmation}
        autoComplete="new-password"
      />
      <DialogFormFooter error={error} busy={busy} onCancel={onCancel} />
    </form>
  );
}
