import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN } from '@antenne/contract';
import { changeIdentityEmail, isWrongPassword } from '../../api/account';
import { isIdentityError } from '../../api/identity';
import { useUserToken } from '../../state/session-store';
import { translatedError } from './account-errors';
import { DialogFormFooter } from './dialog-form-footer';
import styles from './account-settings.module.css';
import { TextField } from './text-field';
import { settingsFieldClasses } from './settings-field-classes';

/** The Change email button, its dialog, and the confirmation once done. */
export function ChangeEmailButton() {
  const { t } = useTranslation();
  const [changedTo, setChangedTo] = useState<string | undefined>();
  return (
    <>
      <DialogTrigger>
        <Button className={styles.secondary}>{t('ACCOUNT.CHANGE_EMAIL')}</Button>
        <ModalOverlay isDismissable className={styles.overlay}>
          <Modal className={styles.modal}>
            <Dialog className={styles.dialog}>
              {({ close }) => (
                <ChangeEmailForm
                  onCancel={close}
                  onChanged={(email) => {
                    close();
                    setChangedTo(email);
                  }}
                />
              )}
            </Dialog>
          </Modal>
        </ModalOverlay>
      </DialogTrigger>
      {changedTo ? (
        <p role="status" className={styles.success}>
          {t('ACCOUNT.EMAIL_CHANGED', { email: changedTo })}
        </p>
      ) : null}
    </>
  );
}

/**
 * A valid new address and the current password (spec part 1 §4, §5), sent together: the server
 * checks the password before the identity service mails the new address; a wrong one puts both
 * fields in error and the password placeholder says LOGIN.LOGIN_PASSWORD_ERROR. Once the mail's
 * link is followed, Exposure's email and the email preference follow (follow-confirmed-email.ts):
 * the household's email is only ever an address the identity service has verified.
 */
function ChangeEmailForm({
  onCancel,
  onChanged,
}: {
  onCancel: () => void;
  onChanged: (email: string) => void;
}) {
  const { t } = useTranslation();
  const token = useUserToken();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [wrongPassword, setWrongPassword] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to the settings form around it.
    event.stopPropagation();
    setEmailError(undefined);
    setPasswordError(undefined);
    setError(undefined);
    const newEmail = email.trim();
    let invalid = false;
    if (!EMAIL_PATTERN.test(newEmail)) {
      setEmailError(t('ERROR.ERROR_EMAIL_FORMAT'));
      invalid = true;
    }
    if (!password) {
      setPasswordError(t('ACCOUNT.PASSWORD_REQUIRED'));
      invalid = true;
    }
    if (invalid || !token) return;
    setBusy(true);
    try {
      await changeIdentityEmail(newEmail, password, token);
    } catch (failure) {
      setBusy(false);
      if (isWrongPassword(failure)) {
        setWrongPassword(true);
        setPassword('');
        setEmailError('');
        setPasswordError(t('LOGIN.LOGIN_PASSWORD_ERROR'));
      } else if (isIdentityError(failure) && failure.status === 429) {
        setError(translatedError(t, failure.code));
      } else {
        setError(t('ACCOUNT.ERROR_GENERIC'));
      }
      return;
    }
    setBusy(false);
    onChanged(newEmail);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.dialogForm}>
      <Heading slot="title" className={styles.dialogTitle}>
        {t('ACCOUNT.CHANGE_EMAIL')}
      </Heading>
      <TextField
        classes={settingsFieldClasses}
        label={t('ACCOUNT.NEW_EMAIL')}
        error={emailError}
        type="email"
        value={email}
        onChange={(value) => {
          setEmail(value);
          setEmailError(undefined);
        }}
        autoComplete="email"
        autoFocus
      />
      <TextField
        classes={settingsFieldClasses}
        label={t('ACCOUNT.PASSWORD')}
        placeholder={wrongPassword ? t('LOGIN.LOGIN_PASSWORD_ERROR') : undefined}
        error={passwordError}
        type="password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setPasswordError(undefined);
        }}
        autoComplete="current-password"
      />
      <DialogFormFooter error={error} busy={busy} onCancel={onCancel} />
    </form>
  );
}
