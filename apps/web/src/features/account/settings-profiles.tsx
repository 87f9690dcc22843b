import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  FieldError,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  Radio,
  RadioGroup,
  Text,
  TextField,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  MAX_PROFILES,
  PROFILE_PROPERTY,
  type Avatar,
  type UserProfile,
  type UserProfileUpdate,
} from '@antenne/contract';
import { createProfile, deleteProfile, getProfiles, updateProfile } from '../../api/auth';
import { useStartup } from '../../api/use-startup';
import { PIN_PATTERN, promptParentalPin } from '../../components/modal/pin-prompt';
import { usePopup } from '../../components/modal/popup-store';
import { escapeHtml } from '../../lib/html';
import { useNavigate } from '../../lib/router';
import { useRestrictedProfile, useSessionStore } from '../../state/session-store';
import { translatedError } from './account-errors';
import { avatarUrl } from './profile-picker';
import { errorCode, switchToProfile } from './sign-in';
import settings from './account-settings.module.css';
import { DialogFormFooter } from './dialog-form-footer';
import styles from './settings-profiles.module.css';

/** The profile name's bounds (UserProfileWrite.displayName). */
const NAME_MAX_LENGTH = 64;
/** The avatar radio meaning "no avatar", and the one keeping a picture the config does not list. */
const NO_AVATAR = '__none__';
const KEEP_AVATAR = '__keep__';
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

/** What the profile dialog hands back: the write body, without the token or the path. */
type ProfileDraft = Required<Pick<UserProfileUpdate, 'displayName' | 'child'>> &
  Pick<UserProfileUpdate, 'metadata' | 'pinCode' | 'currentPinCode' | 'currentPassword'>;

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

interface ProfileFormProps {
  /** The profile edited, or null to add one. */
  profile: UserProfile | null;
  /** Edited by a restricted profile (its own): name and avatar only. */
  restricted: boolean;
  avatars: readonly Avatar[];
  onCancel: () => void;
  /** Sends the profile; answers an error text to show, or null when done. */
  onSubmit: (draft: ProfileDraft) => Promise<string | null>;
}

/**
 * Name (1–64), avatar among the configured ones, child profile; when editing, the parental PIN
 * (4 digits, masked: set, or remove when one is set; changing or removing one asks for the current
 * PIN or the account password). The other metadata keys are sent back. A restricted profile sees
 * the name and the avatar only.
 */
function ProfileForm({ profile, restricted, avatars, onCancel, onSubmit }: ProfileFormProps) {
  const { t } = useTranslation();
  const stored = profile?.metadata[PROFILE_PROPERTY.avatar];
  const storedIsListed = avatars.some((avatar) => avatar.id === stored);
  const storedImage = profile && stored && !storedIsListed ? avatarUrl(profile, avatars) : undefined;
  const [name, setName] = useState(profile?.displayName ?? '');
  const [avatar, setAvatar] = useState(
    storedIsListed && stored ? stored : storedImage ? KEEP_AVATAR : NO_AVATAR,
  );
  const [child, setChild] = useState(profile?.child ?? false);
  const [pin, setPin] = useState('');
  const [removePin, setRemovePin] = useState(false);
  const [currentPin, setCurrentPin] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [pinError, setPinError] = useState<string | undefined>();
  const [currentError, setCurrentError] = useState<string | undefined>();
  // Changing or removing a PIN the profile has: its current PIN or the account password (ADR 0012).
  const needsCurrent = profile?.hasPinCode === true && (pin !== '' || removePin);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to any form around it.
    event.stopPropagation();
    setNameError(undefined);
    setPinError(undefined);
    setCurrentError(undefined);
    setError(null);
    const displayName = name.trim();
    if (!displayName) {
      setNameError(t('PROFILES.NAME_REQUIRED'));
      return;
    }
    if (pin && !PIN_PATTERN.test(pin)) {
      setPinError(t('PROFILES.PIN_INVALID'));
      setPin('');
      return;
    }
    if (needsCurrent && !PIN_PATTERN.test(currentPin) && currentPassword === '') {
      setCurrentError(currentPin ? t('PROFILES.PIN_INVALID') : t('PROFILES.CURRENT_REQUIRED'));
      return;
    }
    // The whole map is replaced: every other key (PrLevel, Reminders…) goes back as it was.
    const metadata: Record<string, string> = { ...profile?.metadata };
    if (avatar === NO_AVATAR) delete metadata[PROFILE_PROPERTY.avatar];
    else if (avatar !== KEEP_AVATAR) metadata[PROFILE_PROPERTY.avatar] = avatar;
    const draft: ProfileDraft = { displayName: displayName.slice(0, NAME_MAX_LENGTH), child };
    if (profile || Object.keys(metadata).length > 0) draft.metadata = metadata;
    if (pin) draft.pinCode = pin;
    else if (removePin) draft.pinCode = null;
    if (needsCurrent) {
      if (PIN_PATTERN.test(currentPin)) draft.currentPinCode = currentPin;
      else draft.currentPassword = currentPassword;
    }
    setSending(true);
    const failure = await onSubmit(draft);
    setSending(false);
    if (failure !== null) {
      setError(failure);
      setCurrentPin('');
      setCurrentPassword('');
    }
  };

  const title = profile ? t('PROFILES.EDIT_TITLE', { name: profile.displayName }) : t('PROFILES.ADD');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={settings.dialogForm}>
      <Heading slot="title" className={settings.dialogTitle}>
        {title}
      </Heading>
      <TextField
        className={settings.field}
        value={name}
        onChange={setName}
        isInvalid={nameError !== undefined}
        maxLength={NAME_MAX_LENGTH}
        isRequired
        autoFocus
      >
        <Label className={settings.label}>{t('PROFILES.NAME')}</Label>
        <Input className={settings.input} />
        <FieldError className={settings.error}>{nameError}</FieldError>
      </TextField>
      <RadioGroup className={settings.field} value={avatar} onChange={setAvatar}>
        <Label className={settings.label}>{t('PROFILES.AVATAR')}</Label>
        <div className={styles.avatarChoices}>
          <Radio value={NO_AVATAR} className={styles.avatarChoice}>
            <span className={styles.noAvatar}>{t('PROFILES.NO_AVATAR')}</span>
          </Radio>
          {storedImage ? (
            <Radio value={KEEP_AVATAR} aria-label={t('PROFILES.KEEP_AVATAR')} className={styles.avatarChoice}>
              <img src={storedImage} alt="" width={56} height={56} className={styles.choiceImage} />
            </Radio>
          ) : null}
          {avatars.map((option) => (
            <Radio key={option.id} value={option.id} aria-label={option.id} className={styles.avatarChoice}>
              <img src={option.url} alt="" width={56} height={56} className={styles.choiceImage} />
            </Radio>
          ))}
        </div>
      </RadioGroup>
      {restricted ? null : (
        <Checkbox className={styles.checkbox} isSelected={child} onChange={setChild}>
          <span className={styles.box} aria-hidden="true" />
          {t('PROFILES.CHILD')}
        </Checkbox>
      )}
      {profile && !restricted ? (
        <fieldset className={styles.pin}>
          <legend className={settings.label}>{t('PROFILES.PIN_TITLE')}</legend>
          <p className={settings.help}>
            {profile.hasPinCode ? t('PROFILES.PIN_STATUS_SET') : t('PROFILES.PIN_STATUS_NONE')}
          </p>
          <TextField
            className={settings.field}
            type="password"
            value={pin}
            onChange={(value) => {
              setPin(value.replace(/[^0-9]/g, '').slice(0, 4));
              if (value) setRemovePin(false);
            }}
            isInvalid={pinError !== undefined}
            isDisabled={removePin}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
          >
            <Label className={settings.label}>{t('PROFILES.PIN')}</Label>
            <Input className={settings.input} />
            <Text slot="description" className={settings.help}>
              {t('PROFILES.PIN_HELP')}
            </Text>
            <FieldError className={settings.error}>{pinError}</FieldError>
          </TextField>
          {profile.hasPinCode ? (
            <Checkbox
              className={styles.checkbox}
              isSelected={removePin}
              onChange={(selected) => {
                setRemovePin(selected);
                if (selected) setPin('');
              }}
            >
              <span className={styles.box} aria-hidden="true" />
              {t('PROFILES.PIN_REMOVE')}
            </Checkbox>
          ) : null}
          {needsCurrent ? (
            <div className={settings.stack}>
              <p className={settings.help}>{t('PROFILES.CURRENT_HELP')}</p>
              <TextField
                className={settings.field}
                type="password"
                value={currentPin}
                onChange={(value) => {
                  setCurrentPin(value.replace(/[^0-9]/g, '').slice(0, 4));
                  setCurrentError(undefined);
                }}
                isInvalid={currentError !== undefined}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
              >
                <Label className={settings.label}>{t('PROFILES.CURRENT_PIN')}</Label>
                <Input className={settings.input} />
                <FieldError className={settings.error}>{currentError}</FieldError>
              </TextField>
              <TextField
                className={settings.field}
                type="password"
                value={currentPassword}
                onChange={(value) => {
                  setCurrentPassword(value);
                  setCurrentError(undefined);
                }}
                autoComplete="current-password"
              >
                <Label className={settings.label}>{t('PROFILES.CURRENT_PASSWORD')}</Label>
                <Input className={settings.input} />
              </TextField>
            </div>
          ) : null}
        </fieldset>
      ) : null}
      <DialogFormFooter error={error} busy={sending} onCancel={onCancel} submitLabel={t('PROFILES.SAVE')} />
    </form>
  );
}
