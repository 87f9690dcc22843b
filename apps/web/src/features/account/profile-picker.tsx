import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_PROPERTY, type Avatar, type UserProfile } from '@antenne/contract';
import { getProfiles } from '../../api/auth';
import { isApiError } from '../../api/client';
import { useStartup } from '../../api/use-startup';
import { useNavigate } from '../../lib/router';
import { useSessionStore } from '../../state/session-store';
import { translatedError } from './account-errors';
import { avatarImage } from '../../lib/avatar';
import { errorCode, goOnAfterSignIn, switchToProfile } from './sign-in';
import styles from './profile-picker.module.css';

/** A profile's picture: its avatar id among the configured avatars, or an address. */
export function avatarUrl(profile: UserProfile, avatars: readonly Avatar[]): string | undefined {
  return avatarImage(profile.metadata[PROFILE_PROPERTY.avatar], avatars);
}

/**
 * "Who is watching?" after a household sign-in with several profiles: choosing one asks the
 * server for that profile's session (a new token), stores it with the profile, and goes on: to
 * the remembered return path (a player a visitor asked for), else home. Without `profiles` (the
 * household is connected but no profile chosen, e.g. after a reload), the household's list is
 * read again; a session that is over signs out.
 */
export function ProfilePicker({ profiles: given }: { profiles?: UserProfile[] }) {
  const { t } = useTranslation();
  const { config } = useStartup();
  const navigate = useNavigate();
  const loading = useSessionStore((state) => state.profileLoading);
  const stored = useSessionStore((state) => state.profiles);
  const token = useSessionStore((state) => state.token);
  const [failure, setFailure] = useState<string | null>(null);
  const profiles = given ?? stored;
  const missing = profiles.length === 0;

  useEffect(() => {
    if (!missing || !token) return;
    const controller = new AbortController();
    getProfiles(config, token, { signal: controller.signal })
      .then((answer) => useSessionStore.getState().profileListReplaced(answer.profiles))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error) && error.httpCode === 401) useSessionStore.getState().logout();
        else setFailure(t('PROFILES.LOAD_ERROR'));
      });
    return () => controller.abort();
  }, [config, missing, t, token]);

  const choose = async (profile: UserProfile) => {
    const store = useSessionStore.getState();
    const token = store.token;
    if (!token || store.profileLoading) return;
    setFailure(null);
    store.profileLoginRequest();
    try {
      await switchToProfile(config, token, profile);
      goOnAfterSignIn(navigate);
    } catch (error) {
      const code = errorCode(error);
      useSessionStore.getState().profileLoginFailure(code);
      setFailure(translatedError(t, code));
    }
  };

  return (
    <section className={styles.page} aria-labelledby="profile-picker-title">
      <title>{`${t('PROFILES.TITLE')} · ${t('GENERAL.APP_NAME')}`}</title>
      <h1 id="profile-picker-title" className={styles.title}>
        {t('PROFILES.TITLE')}
      </h1>
      <ul className={styles.list}>
        {profiles.map((profile) => {
          const image = avatarUrl(profile, config.avatars);
          return (
            <li key={profile.userId}>
              <button
                type="button"
                className={styles.profile}
                disabled={loading}
                onClick={() => void choose(profile)}
              >
                {image ? (
                  <img className={styles.avatar} src={image} alt="" width={96} height={96} />
                ) : (
                  <span className={styles.avatar} aria-hidden="true">
                    {profile.displayName.charAt(0).toUpperCase()}
                  </span>
                )}
                <span className={styles.name}>{profile.displayName}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
