import { useCallback, useEffect, useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import {
  isTvProviderMessage,
  TV_PROVIDER_ERROR_CODES,
  type ProviderItem,
  type UserProfile,
} from '@antenne/contract';
import { useStartup } from '../../api/use-startup';
import { useNavigate } from '../../lib/router';
import { keepProviderList } from '../../lib/tv-provider';
import { useSessionStore } from '../../state/session-store';
import { translatedError } from './account-errors';
import { completeProviderSignIn, continueAfterSignIn, errorCode } from './sign-in';
import styles from './login-page.module.css';

const REFUSALS = new Set<string>(TV_PROVIDER_ERROR_CODES);

/** The provider's sign-in page for the frame: its loginURL (resolved here) with the interface language. */
function frameUrl(provider: ProviderItem, language: string): URL {
  const url = new URL(provider.loginURL, window.location.href);
  url.searchParams.set('lang', language);
  return url;
}

/**
 * The US visitor's sign-in (spec part 1 §2, §4): the pay-TV providers (kept in session storage),
 * a help link, and an overlay framing the chosen provider's own sign-in page. The page posts a
 * TvProviderMessage to this window; only the frame's window, from the loginURL's origin, is heard.
 * A media token is stored with the provider and exchanged by adobePrimetimeLogin; a token already
 * stored signs in at once. The server takes each media token once (ADR 0041): a stored token
 * already exchanged is refused, quietly, and the providers listed; only one a sign-in left
 * unexchanged (interrupted before the server answered) signs in.
 */
export function TvProviderSignIn({
  onProfiles,
  onSigningIn,
}: {
  onProfiles: (profiles: UserProfile[]) => void;
  onSigningIn: (signingIn: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { config } = useStartup();
  const navigate = useNavigate();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const available = config.provider.enabled && config.provider.providers.length > 0;
  const [providers] = useState(() => (available ? keepProviderList(config.provider.providers) : []));
  const [chosen, setChosen] = useState<ProviderItem | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // The provider token stored when the page opened (read once).
  const [stored] = useState(() => {
    const { providerToken, selectedProvider } = useSessionStore.getState();
    return { providerToken, selectedProvider };
  });
  const autoSignIn = useRef(false);
  const [busy, setBusy] = useState(() => Boolean(stored.providerToken));
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef({ t, config, language, navigate, onProfiles, onSigningIn });
  useEffect(() => {
    latest.current = { t, config, language, navigate, onProfiles, onSigningIn };
  });

  /** adobePrimetimeLogin with the provider's token; `quiet`: a refusal only shows the list again. */
  const signIn = useCallback(async (providerId: string, mediaToken: string, quiet = false) => {
    const { t, config, language, navigate, onProfiles, onSigningIn } = latest.current;
    setBusy(true);
    setMessage(null);
    onSigningIn(true);
    try {
      const session = await completeProviderSignIn(config, providerId, mediaToken, { language });
      continueAfterSignIn(session, onProfiles, navigate);
    } catch (error) {
      const code = errorCode(error);
      console.error('TV provider sign-in failed', code);
      if (!quiet) setMessage(REFUSALS.has(code) ? t('LOGIN.TV_PROVIDER_REFUSED') : translatedError(t, code));
    } finally {
      onSigningIn(false);
      setBusy(false);
    }
  }, []);

  // A provider token already stored (a sign-in not finished): at once, without asking; once.
  useEffect(() => {
    if (autoSignIn.current || !stored.providerToken) return;
    autoSignIn.current = true;
    void signIn(stored.selectedProvider ?? '', stored.providerToken, true);
  }, [signIn, stored]);

  // The frame's answer: heard only from the chosen provider's page.
  useEffect(() => {
    if (!chosen) return;
    const origin = frameUrl(chosen, 'en').origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow) return;
      const data: unknown = event.data;
      if (!isTvProviderMessage(data) || data.providerId !== chosen.ID) return;
      setChosen(null);
      if ('mediaToken' in data) void signIn(chosen.ID, data.mediaToken);
      else if (data.error === 'NOT_SUBSCRIBED')
        setMessage(latest.current.t('LOGIN.TV_PROVIDER_NOT_SUBSCRIBED'));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [chosen, signIn]);

  if (!available) {
    return (
      <p className={styles.error} role="alert">
        {t('LOGIN.TV_PROVIDER_UNAVAILABLE')}
      </p>
    );
  }

  return (
    <div className={styles.form}>
      <h2 className={styles.blockTitle}>{t('LOGIN.TV_PROVIDER_TITLE')}</h2>
      <p className={styles.providerIntro}>{t('LOGIN.TV_PROVIDER_INTRO')}</p>
      {busy && (
        <p className={styles.notice} role="status">
          {t('LOGIN.TV_PROVIDER_SIGNING_IN')}
        </p>
      )}
      <ul className={styles.providers} aria-label={t('LOGIN.TV_PROVIDER_LIST')}>
        {providers.map((provider) => (
          <li key={provider.ID}>
            <button
              type="button"
              className={styles.provider}
              aria-haspopup="dialog"
              disabled={busy}
              onClick={() => {
                setMessage(null);
                setChosen(provider);
              }}
            >
              <img className={styles.providerLogo} src={provider.logoURL} alt="" width={96} height={48} />
              <span>{provider.displayName}</span>
            </button>
          </li>
        ))}
      </ul>
      {message && (
        <p className={styles.error} role="alert">
          {message}
        </p>
      )}
      {config.provider.helpUrl && (
        <a className={styles.help} href={config.provider.helpUrl} target="_blank" rel="noopener noreferrer">
          {t('LOGIN.TV_PROVIDER_HELP')}
          <span className="visually-hidden"> {t('GENERAL.NEW_WINDOW')}</span>
        </a>
      )}
      <ModalOverlay
        isOpen={chosen !== null}
        isDismissable
        onOpenChange={(isOpen) => {
          if (!isOpen) setChosen(null);
        }}
        className={styles.providerOverlay}
      >
        <Modal className={styles.providerModal}>
          <Dialog className={styles.providerDialog}>
            {chosen && (
              <>
                <Heading slot="title" className={styles.blockTitle}>
                  {t('LOGIN.TV_PROVIDER_WITH', { provider: chosen.displayName })}
                </Heading>
                <iframe
                  ref={frame}
                  className={styles.providerFrame}
                  src={frameUrl(chosen, language).href}
                  title={t('LOGIN.TV_PROVIDER_FRAME', { provider: chosen.displayName })}
                />
                <button type="button" className={styles.secondary} onClick={() => setChosen(null)}>
                  {t('LOGIN.TV_PROVIDER_CANCEL')}
                </button>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}
