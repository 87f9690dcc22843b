import { useEffect, useId, useState } from 'react';
import { Button, Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { MAX_PROFILES, PROFILE_PROPERTY, type UserProfile } from '@antenne/contract';
import { createProfile, deleteProfile, getProfiles, updateProfile } from '../../api/auth';
import { useStartup } from '../../api/use-startup';
import { promptParentalPin } from '../../components/modal/pin-prompt';
import { usePopup } from '../../components/modal/popup-store';
import { escapeHtml } from '../../lib/html';
import { useNavigate } from '../../lib/router';
import { useRestrictedProfile, useSessionStore } from '../../state/session-store';
import { translatedError } from './account-errors';
import { avatarUrl } from './profile-picker';
import { errorCode, switchToProfile } from './sign-in';
import settings from './account-settings.module.css';
import { ProfileForm, type ProfileDraft } from './settings-profile-form';
import styles from './settings-profiles.module.css';

/** The PIN refusals of a switch that keep the PIN dialog open. */
const WRONG_PIN_CODES = new Set(['INVALID_PIN_CODE', 'PARENTAL_PIN_REQUIRED']);

/** The text of a failed profile call: the profiles' own codes, else the error catalogue. */
function profileError(t: TFunction, code: string): string {
  switch (code) {
    case 'TOO_MANY_PROFILES':
      return t('PROFILES.ERROR_TOO_MANY', { max: MAX_PROFILES });
    case 'CANNOT_DELETE_OWNER':
      return t('PROFILES.ERROR_DELETE_OWNER');
    case 'UNKNOWN_USER':
      return t('PROFILES.ERROR_UNKNOWN_USER');
    case 'INVALID_PIN_CODE':
      return t('PROFILES.CURRENT_PIN_WRONG');
    case 'INCORRECT_CREDENTIALS':
      return t('LOGIN.LOGIN_PASSWORD_ERROR');
    case 'CURRENT_PIN_REQUIRED':
      return t('PROFILES.CURRENT_REQUIRED');
    case 'PROFILE_RESTRICTED':
      return t('PROFILES.ERROR_RESTRICTED');
    default:
      return translatedError(t, code);
  }
}

/**
 * The Profils tab of the account settings (issue: households and profiles, spec part 1 §2, §4):
 * the household's profiles (at most MAX_PROFILES) with the main and current ones marked; add,
 * edit (name, avatar, child, parental PIN) and delete them, or watch as another profile.
 * A restricted profile (ADR 0012) only switches (with the PIN of a protected profile) and edits
 * its own name and avatar.
 */
export function SettingsProfiles() {
  const { t } = useTranslation();
  const { config } = useStartup();
  const navigate = useNavigate();
  const { open } = usePopup();
  const token = useSessionStore((state) => state.token);
  const profiles = useSessionStore((state) => state.profiles);
  const currentId = useSessionStore((state) => state.profile?.externalId);
  const busy = useSessionStore((state) => state.profileLoading);
  const restricted = useRestrictedProfile();
  const [loaded, setLoaded] = useState<'loading' | 'ready' | 'error'>('loading');
  const [editing, setEditing] = useState<UserProfile | 'new' | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const limitId = useId();

  // The list is not kept across reloads: read it again whenever the tab is shown.
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    getProfiles(config, token, { signal: controller.signal })
      .then((answer) => {
        useSessionStore.getState().profileListReplaced(answer.profiles);
        setLoaded('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded('error');
      });
    return () => controller.abort();
  }, [config, token]);

  const full = profiles.length >= MAX_PROFILES;

  /** POST or PUT; answers an error text for the dialog, or null once the list is replaced. */
  const save = async (target: UserProfile | null, draft: ProfileDraft): Promise<string | null> => {
    const store = useSessionStore.getState();
    if (!store.token) return t('ERROR.GENERIC');
    store.profileChangeRequest();
    try {
      if (target) {
        const updated = await updateProfile(config, store.token, target.userId, draft);
        const list = useSessionStore
          .getState()
          .profiles.map((profile) => (profile.userId === updated.userId ? updated : profile));
        useSessionStore.getState().profileChangeSuccess(list);
        if (useSessionStore.getState().profile?.externalId === updated.userId) {
          useSessionStore.getState().setAvatar(updated.metadata[PROFILE_PROPERTY.avatar] ?? null);
        }
        setStatus(t('PROFILES.SAVED', { name: updated.displayName }));
      } else {
        const answer = await createProfile(config, store.token, draft);
        useSessionStore.getState().profileChangeSuccess(answer.profiles);
        setStatus(t('PROFILES.CREATED', { name: draft.displayName }));
      }
      setFailure(null);
      return null;
    } catch (error) {
      const code = errorCode(error);
      useSessionStore.getState().profileChangeFailure(code);
      return profileError(t, code);
    }
  };

  const remove = async (profile: UserProfile) => {
    setStatus(null);
    setFailure(null);
    const { validated } = await open({
      title: t('PROFILES.DELETE_TITLE', { name: profile.displayName }),
      html: `<p>${escapeHtml(t('PROFILES.DELETE_TEXT'))}</p>`,
      validateLabel: t('PROFILES.DELETE_CONFIRM'),
      cancel: true,
    });
    const store = useSessionStore.getState();
    if (!validated || !store.token) return;
    store.profileChangeRequest();
    try {
      const answer = await deleteProfile(config, store.token, profile.userId);
      useSessionStore.getState().profileChangeSuccess(answer.profiles);
      setStatus(t('PROFILES.DELETED', { name: profile.displayName }));
    } catch (error) {
      const code = errorCode(error);
      useSessionStore.getState().profileChangeFailure(code);
      setFailure(profileError(t, code));
    }
  };

  /**
   * The profile-change confirmation (spec part 1 §2), then that profile's session, then home.
   * From a restricted profile, a profile with a PIN asks for that PIN instead (the server checks it).
   */
  const switchTo = async (profile: UserProfile) => {
    setStatus(null);
    setFailure(null);
    if (restricted && profile.hasPinCode) {
      // A refusal other than a wrong PIN closes the dialog and is said on the page.
      const outcome: { failure: string | null } = { failure: null };
      const done = await promptParentalPin(
        open,
        {
          title: t('PROFILES.SWITCH_TITLE', { name: profile.displayName }),
          message: t('PROFILES.SWITCH_PIN_TEXT', { name: profile.displayName }),
          label: t('PLAYER.PIN.LABEL'),
          invalid: t('popUp.invalidCode'),
        },
        async (code) => {
          const store = useSessionStore.getState();
          if (!store.token) return t('ERROR.GENERIC');
          try {
            await switchToProfile(config, store.token, profile, code);
            return null;
          } catch (error) {
            const failure = errorCode(error);
            if (WRONG_PIN_CODES.has(failure)) return 'invalid';
            if (failure === 'TOO_MANY_REQUESTS') return translatedError(t, failure);
            outcome.failure = profileError(t, failure);
            return null;
          }
        },
      );
      if (outcome.failure !== null) setFailure(outcome.failure);
      else if (done) navigate('/');
      return;
    }
    const { validated } = await open({
      title: t('PROFILES.SWITCH_TITLE', { name: profile.displayName }),
      validateLabel: t('PROFILES.SWITCH_CONFIRM'),
      cancel: true,
    });
    const store = useSessionStore.getState();
    if (!validated || !store.token) return;
    store.profileLoginRequest();
    try {
      await switchToProfile(config, store.token, profile);
      navigate('/');
    } catch (error) {
      // The session of the current profile is still valid: it stays the current one.
      const code = errorCode(error);
      useSessionStore.getState().profileChangeFailure(code);
      setFailure(profileError(t, code));
    }
  };

  if (loaded === 'loading' && profiles.length === 0) {
    return <p className={settings.status}>{t('PROFILES.LOADING')}</p>;
  }
  if (loaded === 'error' && profiles.length === 0) {
    return (
      <p role="alert" className={settings.error}>
        {t('PROFILES.LOAD_ERROR')}
      </p>
    );
  }

  return (
    <div className={settings.stack}>
      {restricted ? <p className={settings.help}>{t('PROFILES.RESTRICTED_NOTICE')}</p> : null}
      <h2 className={styles.heading}>{t('PROFILES.HOUSEHOLD')}</h2>
      <ul className={styles.list} aria-label={t('PROFILES.HOUSEHOLD')}>
        {profiles.map((profile) => {
          const image = avatarUrl(profile, config.avatars);
          const current = profile.userId === currentId;
          return (
            <li key={profile.userId} className={styles.item}>
              {image ? (
                <img className={styles.avatar} src={image} alt="" width={56} height={56} />
              ) : (
                <span className={styles.avatar} aria-hidden="true">
                  {profile.displayName.charAt(0).toUpperCase()}
                </span>
              )}
              <div className={styles.details}>
                <span className={styles.name}>{profile.displayName}</span>
                <span className={styles.marks}>
                  {profile.owner ? <span className={styles.mark}>{t('PROFILES.MAIN')}</span> : null}
                  {current ? <span className={styles.mark}>{t('PROFILES.CURRENT')}</span> : null}
                  {profile.child ? <span className={styles.mark}>{t('PROFILES.CHILD')}</span> : null}
                  {profile.hasPinCode ? <span className={styles.mark}>{t('PROFILES.PIN_MARK')}</span> : null}
                </span>
              </div>
              <div className={styles.actions}>
                {!current ? (
                  <Button
                    className={settings.primary}
                    isDisabled={busy}
                    aria-label={t('PROFILES.SWITCH_LABEL', { name: profile.displayName })}
                    onPress={() => void switchTo(profile)}
                  >
                    {t('PROFILES.SWITCH')}
                  </Button>
                ) : null}
                {/* A restricted profile edits only itself. */}
                {!restricted || current ? (
                  <Button
                    className={settings.secondary}
                    isDisabled={busy}
                    aria-label={t('PROFILES.EDIT_LABEL', { name: profile.displayName })}
                    onPress={() => {
                      setStatus(null);
                      setFailure(null);
                      setEditing(profile);
                    }}
                  >
                    {t('PROFILES.EDIT')}
                  </Button>
                ) : null}
                {/* The main profile cannot be deleted, nor the one being watched; a restricted profile deletes none. */}
                {!restricted && !profile.owner && !current ? (
                  <Button
                    className={settings.secondary}
                    isDisabled={busy}
                    aria-label={t('PROFILES.DELETE_LABEL', { name: profile.displayName })}
                    onPress={() => void remove(profile)}
                  >
                    {t('PROFILES.DELETE')}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {restricted ? null : (
        <div className={styles.add}>
          <Button
            className={settings.primary}
            isDisabled={full || busy}
            aria-describedby={full ? limitId : undefined}
            onPress={() => {
              setStatus(null);
              setFailure(null);
              setEditing('new');
            }}
          >
            {t('PROFILES.ADD')}
          </Button>
          {full ? (
            <p id={limitId} className={settings.help}>
              {t('PROFILES.LIMIT', { max: MAX_PROFILES })}
            </p>
          ) : null}
        </div>
      )}
      <p role="status" className={settings.success}>
        {status}
      </p>
      {failure ? (
        <p role="alert" className={settings.error}>
          {failure}
        </p>
      ) : null}
      <ModalOverlay
        isDismissable
        className={settings.overlay}
        isOpen={editing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setEditing(null);
        }}
      >
        <Modal className={settings.modal}>
          <Dialog className={settings.dialog}>
            {editing !== null ? (
              <ProfileForm
                profile={editing === 'new' ? null : editing}
                restricted={restricted}
                avatars={config.avatars}
                onCancel={() => setEditing(null)}
                onSubmit={async (draft) => {
                  const error = await save(editing === 'new' ? null : editing, draft);
                  if (error === null) setEditing(null);
                  return error;
                }}
              />
            ) : null}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}
