import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Input, Label, TextField } from 'react-aria-components';
import { ACTIVATION_CODE_LENGTH } from '@antenne/contract';
import { confirmActivationCode } from '../../api/activation';
import { isApiError, isSessionRejection } from '../../api/client';
import { useStartup } from '../../api/use-startup';
import { rememberReturnTo } from '../../lib/return-to';
import { Link, Navigate } from '../../lib/router';
import { useUserToken } from '../../state/session-store';
import styles from './activation-page.module.css';

/** Why the input is red: nothing typed, a code the server refused, too many tries. */
type CodeError = 'empty' | 'rejected' | 'throttled';

/**
 * /activation (spec part 1 §2, §4, §5): a signed-in person types the code a device (a TV on /tv)
 * shows. A visitor sees the login page instead and comes back here once signed in.
 */
export default function ActivationPage() {
  const token = useUserToken();
  if (!token) {
    rememberReturnTo('/activation');
    return <Navigate to="/login" replace />;
  }
  return <ActivationForm token={token} />;
}

function ActivationForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const { config } = useStartup();
  const [code, setCode] = useState('');
  const [error, setError] = useState<CodeError | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = code.trim();
    if (typed === '') {
      setError('empty');
      return;
    }
    setBusy(true);
    try {
      await confirmActivationCode(config, token, typed);
      setDone(true);
    } catch (failure) {
      // A rejected session is the app shell's (it offers to sign in again).
      if (!isSessionRejection(failure))
        setError(isApiError(failure) && failure.httpCode === 429 ? 'throttled' : 'rejected');
    } finally {
      setBusy(false);
    }
  };

  const title = t('ACTIVATION.TITLE');
  if (done) return <ActivationDone />;
  const message = error === null ? '' : t(`ACTIVATION.ERROR_${error.toUpperCase() as Uppercase<CodeError>}`);
  return (
    <section className={styles.page}>
      <title>{`${title} · ${t('GENERAL.APP_NAME')}`}</title>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.intro}>{t('ACTIVATION.INTRO')}</p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          className={styles.field}
          value={code}
          onChange={(value) => {
            // The input shows upper case (spec part 1 §2); typing clears the error (§4, §5).
            setCode(value.toUpperCase().replace(/\s+/g, ''));
            setError(null);
          }}
          isInvalid={error !== null}
          validationBehavior="aria"
          maxLength={ACTIVATION_CODE_LENGTH + 4}
          autoComplete="off"
        >
          <Label className={styles.label}>{t('ACTIVATION.CODE_LABEL')}</Label>
          <Input className={styles.input} autoCapitalize="characters" spellCheck={false} />
          <FieldError className={styles.error}>{message}</FieldError>
        </TextField>
        <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy || undefined}>
          {t('ACTIVATION.VALIDATE')}
        </button>
      </form>
    </section>
  );
}

/** The confirmation page (spec part 1 §2): device activated, congratulations, a home button. */
function ActivationDone() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.page}>
      <title>{`${t('ACTIVATION.DONE_TITLE')} · ${t('GENERAL.APP_NAME')}`}</title>
      <h1 className={styles.title} ref={heading} tabIndex={-1}>
        {t('ACTIVATION.DONE_TITLE')}
      </h1>
      <p className={styles.intro} role="status">
        {t('ACTIVATION.DONE')}
      </p>
      <Link href="/" className={styles.primary}>
        {t('ACTIVATION.HOME')}
      </Link>
    </section>
  );
}
