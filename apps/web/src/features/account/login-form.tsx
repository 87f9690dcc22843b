import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type FieldClasses } from './text-field';
import styles from './login-page.module.css';

/** The fields of the sign-in and new-password forms. */
export const loginFieldClasses: FieldClasses = {
  field: styles.field,
  label: styles.label,
  input: styles.input,
};

interface Props {
  email: string;
  onEmail(email: string): void;
  password: string;
  onPassword(password: string): void;
  /** Red borders on both fields (spec part 1 §2: wrong credentials say nothing more). */
  invalid: boolean;
  message: string | null;
  busy: boolean;
  onSubmit(event: FormEvent): void;
  onForgotPassword(): void;
}

/** The email and password form of /login, its message, "forgot password" and the submit button. */
export function LoginForm({
  email,
  onEmail,
  password,
  onPassword,
  invalid,
  message,
  busy,
  onSubmit,
  onForgotPassword,
}: Props) {
  const { t } = useTranslation();
  const messageId = useId();
  const describedBy = message ? messageId : undefined;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('LOGIN.FORM')}>
      <TextField
        classes={loginFieldClasses}
        label={t('LOGIN.EMAIL')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={onEmail}
        invalid={invalid}
        aria-describedby={describedBy}
      />
      <TextField
        classes={loginFieldClasses}
        label={t('LOGIN.PASSWORD')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={onPassword}
        invalid={invalid}
        aria-describedby={describedBy}
      />
      {message && (
        <p id={messageId} className={styles.error} role="alert">
          {message}
        </p>
      )}
      <button type="button" className={styles.linkButton} onClick={onForgotPassword}>
        {t('LOGIN.FORGOT_PASSWORD')}
      </button>
      <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy || undefined}>
        {t('LOGIN.SUBMIT')}
      </button>
    </form>
  );
}
