import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { identityReturnPaths, type SocialProviderId, type UserProfile } from '@antenne/contract';
import {
  getIdentitySession,
  sendVerificationEmail,
  signInEmail,
  signInSocial,
  signOut,
  useIdentityProviders,
} from '../../api/identity';
import { useStartup } from '../../api/use-startup';
import { usePopup } from '../../components/modal';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { useSessionStore } from '../../state/session-store';
import { BackIcon, BellIcon, DevicesIcon, HeartIcon, PlayIcon } from './account-icons';
import { externalNavigation } from './navigation';
import { ProfilePicker } from './profile-picker';
import { ResetPasswordView } from './reset-password-view';
import { escapeHtml } from '../../lib/html';
import { forgetReturnTo } from '../../lib/return-to';
import { translatedError } from './account-errors';
import { askPasswordReset } from './forgot-password';
import { LoginForm } from './login-form';
import { TvProviderSignIn } from './tv-provider-sign-in';
import { useLogout } from './use-logout';
import { isPayTvCountry, useProviderTokenRequired } from '../../lib/tv-provider';
import { completeSignIn, continueAfterSignIn, errorCode } from './sign-in';
import styles from './login-page.module.css';

const AccountSettings = lazy(() => import('./account-settings'));

/** Where a social provider sends the browser back (the page completes the sign-in there). */
export const SOCIAL_CALLBACK = identityReturnPaths.socialDone;
/** Also where the server sends better-auth's error page for any code but a bad reset link's. */
export const SOCIAL_ERROR_CALLBACK = identityReturnPaths.socialFailed;

const SUSPENSION_CODES = new Set(['SUSPENDED_HOUSEHOLD', 'INACTIVE_HOUSEHOLD']);

/**
 * /login (spec part 1 §2): the sign-in page for a visitor, the account settings once connected.
 * After a sign-in into a household of several profiles, the profile picker comes first.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const token = useSessionStore((state) => state.token);
  // Household connected, no profile chosen yet: the picker, also after a reload (spec part 1 §4).
  const choosing = useSessionStore((state) => state.status === 'household');
  const [picking, setPicking] = useState<UserProfile[] | null>(null);
  // While a sign-in completes, the form stays (the token arrives before the move home).
  const [signingIn, setSigningIn] = useState(false);
  const [params] = useSearchParams();
  // A US household signed in by email, without a pay-TV provider token: the provider sign-in first.
  const providerRequired = useProviderTokenRequired();

  if (picking) return <ProfilePicker profiles={picking} />;
  // A password-reset mail's link (RESET_CALLBACK): choose the new password first.
  if (!token && params.get('reset') === '1') return <ResetPasswordView token={params.get('token')} />;
  if (token && choosing && !signingIn && !providerRequired) return <ProfilePicker />;
  if (token && !signingIn && !providerRequired) {
    return (
      <Suspense fallback={<p className={styles.loading}>{t('LOGIN.LOADING')}</p>}>
        <AccountSettings />
      </Suspense>
    );
  }
  return <LoginView onProfiles={setPicking} onSigningIn={setSigningIn} />;
}

function LoginView({
  onProfiles,
  onSigningIn,
}: {
  onProfiles: (profiles: UserProfile[]) => void;
  onSigningIn: (signingIn: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { config, location } = useStartup();
  const navigate = useNavigate();
  const popup = usePopup();
  const providers = useIdentityProviders();
  // US visitors sign in with their pay-TV provider only (spec part 1 §2, §6).
  const payTv = isPayTvCountry(location.country);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const socialReturn = searchParams.get('social');
  // Back from a verification mail's link (VERIFIED_CALLBACK): confirmed, or expired/used.
  const verifiedReturn =
    searchParams.get('verified') === '1' ? (searchParams.has('error') ? 'failed' : 'done') : null;
  // Back from a provider that refused or failed: said at once (SPEC-DECISIONS).
  const [socialMessage, setSocialMessage] = useState<string | null>(() =>
    socialReturn && socialReturn !== 'done' ? t('LOGIN.SOCIAL_ERROR') : null,
  );
  const [busy, setBusy] = useState(false);
  const language = i18n.resolvedLanguage ?? i18n.language;

  /** After the identity sign-in: the Exposure session, then the return path or home (or the profile picker first). */
  const finish = async (identityUserId: string, address: string) => {
    onSigningIn(true);
    try {
      continueAfterSignIn(await completeSignIn(config, identityUserId, { language }), onProfiles, navigate);
    } catch (error) {
      await signOut().catch(() => undefined);
      await reportFailure(error, address);
    } finally {
      onSigningIn(false);
    }
  };

  const showUnverified = async (address: string) => {
    const { validated } = await popup.open({
      title: t('LOGIN.TITLE'),
      html: `<p>${escapeHtml(t('LOGIN.EMAIL_NOT_VERIFIED'))}</p>`,
      validateLabel: t('LOGIN.RESEND_VERIFICATION'),
      cancel: t('LOGIN.CLOSE'),
    });
    if (!validated) return;
    try {
      await sendVerificationEmail(address);
      void popup.open({
        title: t('LOGIN.TITLE'),
        html: `<p>${escapeHtml(t('LOGIN.VERIFICATION_SENT'))}</p>`,
      });
    } catch (error) {
      void popup.open({
        title: t('ERROR.TITLE'),
        html: `<p>${escapeHtml(t('ERROR.VERIFICATION_EMAIL'))}</p><p>${escapeHtml(translatedError(t, errorCode(error)))}</p>`,
      });
    }
  };

  const reportFailure = async (error: unknown, address: string) => {
    const code = errorCode(error);
    if (code === 'EMAIL_NOT_VERIFIED') {
      await showUnverified(address);
    } else if (SUSPENSION_CODES.has(code)) {
      const text = translatedError(t, code);
      setMessage(text);
      await popup.open({ title: t('LOGIN.SUSPENDED_TITLE'), html: `<p>${escapeHtml(text)}</p>` });
      useSessionStore.getState().dismissSuspension();
    } else if (
      code === 'INVALID_EMAIL_OR_PASSWORD' ||
      code === 'INCORRECT_CREDENTIALS' ||
      code === 'INVALID_EMAIL'
    ) {
      // Spec part 1 §2: red borders, no message.
      setInvalid(true);
    } else {
      setMessage(translatedError(t, code));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    setInvalid(false);
    const address = email.trim();
    if (!address || !password) {
      setInvalid(true);
      setMessage(t('LOGIN.FILL_ALL_FIELDS'));
      return;
    }
    setBusy(true);
    try {
      const answer = await signInEmail({ email: address, password });
      await finish(answer.user.id, address);
    } catch (error) {
      await reportFailure(error, address);
    } finally {
      setBusy(false);
    }
  };

  const social = async (provider: { social: SocialProviderId } | { oidc: string }) => {
    setSocialMessage(null);
    try {
      // Social providers and the generic OpenID Connect one share better-auth's social sign-in.
      const id = 'social' in provider ? provider.social : provider.oidc;
      const answer = await signInSocial(id, SOCIAL_CALLBACK, SOCIAL_ERROR_CALLBACK);
      if (!answer.url) throw new Error('NO_REDIRECT');
      externalNavigation.assign(answer.url);
    } catch (error) {
      console.error('Social sign-in failed', errorCode(error));
      setSocialMessage(t('LOGIN.SOCIAL_ERROR'));
    }
  };

  // Back from a social provider: complete the sign-in with the identity session it opened.
  const handled = useRef(false);
  useEffect(() => {
    if (!socialReturn || handled.current) return;
    handled.current = true;
    setSearchParams({}, { replace: true });
    if (socialReturn !== 'done') {
      console.error('Social sign-in failed', searchParams.get('error') ?? 'UNKNOWN');
      return;
    }
    void (async () => {
      try {
        const session = await getIdentitySession();
        if (!session?.user) throw new Error('NO_SESSION');
        setBusy(true);
        await finish(session.user.id, session.user.email);
      } catch (error) {
        console.error('Social sign-in failed', errorCode(error));
        setSocialMessage(t('LOGIN.SOCIAL_ERROR'));
      } finally {
        setBusy(false);
      }
    })();
    // Runs once per return from a provider.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [socialReturn]);

  const configured = providers.data;
  const socialButtons = [
    ...(configured?.social ?? []).map((id) => ({
      key: id,
      label: t('LOGIN.SOCIAL_WITH', { provider: SOCIAL_NAMES[id] }),
      run: () => social({ social: id }),
    })),
    ...(configured?.oidc
      ? [
          {
            key: configured.oidc.providerId,
            label: t('LOGIN.SOCIAL_WITH', { provider: configured.oidc.name }),
            run: () => social({ oidc: configured.oidc?.providerId ?? '' }),
          },
        ]
      : []),
  ];

  const bullets = [
    { icon: <PlayIcon />, text: t('LOGIN.BULLET_WATCH') },
    { icon: <HeartIcon />, text: t('LOGIN.BULLET_FAVORITES') },
    { icon: <DevicesIcon />, text: t('LOGIN.BULLET_DEVICES') },
    { icon: <BellIcon />, text: t('LOGIN.BULLET_REMINDERS') },
  ];

  return (
    <section className={styles.page}>
      <title>{`${t('PAGES.LOGIN')} · ${t('GENERAL.APP_NAME')}`}</title>
      <button
        type="button"
        className={styles.back}
        onClick={() => {
          // Leaving without signing in: a later sign-in should not jump into that player.
          forgetReturnTo();
          navigate(-1);
        }}
      >
        <BackIcon />
        <span>{t('LOGIN.BACK')}</span>
      </button>
      <div className={styles.columns}>
        <div className={styles.intro}>
          <h1 className={styles.title}>{t('LOGIN.TITLE')}</h1>
          <p className={styles.subtitle}>{t('LOGIN.SUBTITLE')}</p>
          <ul className={styles.bullets}>
            {bullets.map((bullet) => (
              <li key={bullet.text} className={styles.bullet}>
                <span className={styles.bulletIcon}>{bullet.icon}</span>
                <span>{bullet.text}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.panel}>
          {verifiedReturn && (
            <p className={verifiedReturn === 'done' ? styles.notice : styles.error} role="status">
              {verifiedReturn === 'done' ? t('LOGIN.EMAIL_VERIFIED') : t('LOGIN.VERIFY_LINK_INVALID')}
            </p>
          )}
          {payTv ? (
            <>
              <EmailSessionInTheUs />
              <TvProviderSignIn onProfiles={onProfiles} onSigningIn={onSigningIn} />
            </>
          ) : (
            <>
              <LoginForm
                email={email}
                onEmail={setEmail}
                password={password}
                onPassword={setPassword}
                invalid={invalid}
                message={message}
                busy={busy}
                onSubmit={(event) => void submit(event)}
                onForgotPassword={() => void askPasswordReset(popup, t)}
              />

              <div className={styles.block}>
                <h2 className={styles.blockTitle}>{t('LOGIN.NO_ACCOUNT')}</h2>
                <Link href="/create-account" className={styles.secondary}>
                  {t('LOGIN.CREATE_ACCOUNT')}
                </Link>
              </div>

              {socialButtons.length > 0 && (
                <div className={styles.block} role="group" aria-label={t('LOGIN.SOCIAL_TITLE')}>
                  <h2 className={styles.blockTitle}>{t('LOGIN.SOCIAL_TITLE')}</h2>
                  <div className={styles.socialButtons}>
                    {socialButtons.map((button) => (
                      <button
                        key={button.key}
                        type="button"
                        className={styles.social}
                        onClick={() => void button.run()}
                      >
                        {button.label}
                      </button>
                    ))}
                  </div>
                  {socialMessage && (
                    <p className={styles.error} role="alert">
                      {socialMessage}
                    </p>
                  )}
                </div>
              )}
              {socialButtons.length === 0 && socialMessage && (
                <p className={styles.error} role="alert">
                  {socialMessage}
                </p>
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}

const SOCIAL_NAMES: Record<SocialProviderId, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
};

/**
 * A US visitor still signed in by email (from before, or from abroad): playing needs the provider,
 * and the account settings are not shown here, so the way out is offered with the provider list.
 */
function EmailSessionInTheUs() {
  const { t } = useTranslation();
  const token = useSessionStore((state) => state.token);
  const email = useSessionStore((state) => state.user?.email ?? state.user?.displayName ?? '');
  const signOut = useLogout();
  if (!token) return null;
  return (
    <div className={styles.block}>
      <p className={styles.notice}>{t('LOGIN.TV_PROVIDER_EMAIL_SESSION', { email })}</p>
      <button type="button" className={styles.secondary} onClick={() => void signOut()}>
        {t('ACCOUNT.SIGN_OUT')}
      </button>
    </div>
  );
}
