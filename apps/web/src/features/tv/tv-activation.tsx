import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVATION_POLL_MS } from '@antenne/contract';
import { consumeActivationCode, useActivationCode } from '../../api/activation';
import { isApiError } from '../../api/client';
import { useStartup } from '../../api/use-startup';
import { QrCode } from './qr-code';
import { storeActivatedSession, tvDevice } from './tv-session';
import styles from './tv.module.css';

/**
 * The big screen before sign-in (issue 18): a code and a QR code to /activation; the code is
 * polled every 5 s (at once first: the poll binds the code to this device) until someone confirms
 * it, then this screen holds that person's session. A dead code (expired, used) gets a new one.
 */
export function TvActivation() {
  const { t } = useTranslation();
  const { config } = useStartup();
  const activation = useActivationCode();
  const code = activation.data?.code;
  const expires = activation.data?.expires;
  const { refetch } = activation;
  const url = `${globalThis.location?.origin ?? ''}/activation`;

  useEffect(() => {
    if (code === undefined) return;
    let stopped = false;
    const device = tvDevice();
    const poll = async () => {
      try {
        const answer = await consumeActivationCode(config, code, device);
        if (!stopped) storeActivatedSession(answer);
      } catch (error) {
        // 401 CODE_NOT_CONFIRMED: not yet. A dead code: a new one. A network failure: the next poll.
        if (!stopped && isApiError(error) && error.httpCode === 400) void refetch();
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), ACTIVATION_POLL_MS);
    // At its expiry the code is replaced without waiting for the poll to say so.
    const left = expires === undefined ? NaN : Date.parse(expires) - Date.now();
    const expiry = Number.isFinite(left) ? setTimeout(() => void refetch(), Math.max(left, 0)) : undefined;
    return () => {
      stopped = true;
      clearInterval(timer);
      if (expiry !== undefined) clearTimeout(expiry);
    };
  }, [config, code, expires, refetch]);

  return (
    <section className={styles.activation} aria-labelledby="tv-title">
      <h1 id="tv-title" className={styles.title}>
        {t('TV.TITLE')}
      </h1>
      {activation.isError ? (
        <div className={styles.steps}>
          <p role="alert">{t('TV.CODE_ERROR')}</p>
          <button type="button" className={styles.button} autoFocus onClick={() => void refetch()}>
            {t('TV.RETRY')}
          </button>
        </div>
      ) : code === undefined ? (
        <p className={styles.steps}>{t('TV.LOADING')}</p>
      ) : (
        <div className={styles.pairing}>
          <div className={styles.steps}>
            <p>
              {t('TV.STEP_OPEN')} <strong dir="ltr">{url}</strong> {t('TV.STEP_CODE')}
            </p>
            <p className={styles.code} data-testid="tv-activation-code" dir="ltr">
              {code}
            </p>
            <p>{t('TV.SCAN')}</p>
            <p className={styles.waiting} role="status">
              {t('TV.WAITING')}
            </p>
          </div>
          <QrCode className={styles.qr} text={url} label={t('TV.QR_LABEL')} />
        </div>
      )}
    </section>
  );
}
