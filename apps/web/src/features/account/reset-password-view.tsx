import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidPassword } from '@antenne/contract';
import { resetPassword } from '../../api/identity';
import { Link, useNavigate } from '../../lib/router';
import { translatedError } from './account-errors';
import { errorCode } from './sign-in';
import { TextField } from './text-field';
import { loginFieldClasses as fieldClasses } from './login-form';
import styles from './login-page.module.css';

/**
 * The page a password-reset mail's link opens (/login?token=…): a new password, its
 * confirmation, the rules of part 1 §5; then sign in with it. An expired or used link
 * (/login?error=INVALID_TOKEN) says to ask for a new one.
 */
export function ResetPasswordView({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(token ? null : t('LOGIN.RESET_LINK_INVALID'));
  const [invalid, setInvalid] = useState<'password' | 'confirmation' | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token || busy) return;
    if (!isValidPassword(password)) {
      setInvalid('password');
      setPassword('');
      setError(t('REGISTER.REGISTER_PASSWORD_RULES'));
      return;
    }
    if (confirmation !== password) {
      setInvalid('confirmation');
      setError(t('ERROR.ERROR_PASSWORD_CONFIRMATION'));
      return;
    }
    setBusy(true);
    try {
      await resetPassword(token, password);
      setDone(true);
      setError(null);
    } catch (failure) {
      const code = errorCode(failure);
      setError(code === 'INVALID_TOKEN' ? t('LOGIN.RESET_LINK_INVALID') : translatedError(t, code));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.page}>
      <title>{`${t('LOGIN.RESET_TITLE')} · ${t('GENERAL.APP_NAME')}`}</title>
      <div className={styles.panel}>
        <h1 className={styles.title}>{t('LOGIN.RESET_TITLE')}</h1>
        {done ? (
          <>
            <p role="status">{t('LOGIN.RESET_DONE')}</p>
            <button
              type="button"
              className={styles.primary}
              onClick={() => navigate('/login', { replace: true })}
            >
              {t('LOGIN.SUBMIT')}
            </button>
          </>
        ) : (
          <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
            <p>{t('REGISTER.PASSWORD_HINT')}</p>
            <TextField
              classes={fieldClasses}
              label={t('ACCOUNT.NEW_PASSWORD')}
              type="password"
              autoComplete="new-password"
              value={password}
              isDisabled={!token}
              onChange={setPassword}
              invalid={invalid === 'password'}
              aria-describedby={error ? errorId : undefined}
            />
            <TextField
              classes={fieldClasses}
              label={t('ACCOUNT.CONFIRM_PASSWORD')}
              type="password"
              autoComplete="new-password"
              value={confirmation}
              isDisabled={!token}
              onChange={setConfirmation}
              invalid={invalid === 'confirmation'}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <p id={errorId} className={styles.error} role="alert">
                {error}
              </p>
            )}
            {token ? (
              <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy || undefined}>
                {t('POPUP.VALIDATE')}
              </button>
            ) : (
              <Link href="/login" className={styles.secondary}>
                {t('LOGIN.SUBMIT')}
              </Link>
            )}
          </form>
        )}
      </div>
    </section>
  );
}
