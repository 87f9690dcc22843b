import { useState, type FormEvent } from 'react';
import { Checkbox, Heading, Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { PROFILE_PROPERTY, type Avatar, type UserProfile, type UserProfileUpdate } from '@antenne/contract';
import { PIN_PATTERN } from '../../components/modal/pin-prompt';
import { avatarUrl } from './profile-picker';
import settings from './account-settings.module.css';
import { DialogFormFooter } from './dialog-form-footer';
import styles from './settings-profiles.module.css';
import { TextField } from './text-field';
import { settingsFieldClasses } from './settings-field-classes';

/** The profile name's bounds (UserProfileWrite.displayName). */
const NAME_MAX_LENGTH = 64;
/** The avatar radio meaning "no avatar", and the one keeping a picture the config does not list. */
const NO_AVATAR = '__none__';
const KEEP_AVATAR = '__keep__';

/** What the profile dialog hands back: the write body, without the token or the path. */
export type ProfileDraft = Required<Pick<UserProfileUpdate, 'displayName' | 'child'>> &
  Pick<UserProfileUpdate, 'metadata' | 'pinCode' | 'currentPinCode' | 'currentPassword'>;

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
export function ProfileForm({ profile, restricted, avatars, onCancel, onSubmit }: ProfileFormProps) {
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
        classes={settingsFieldClasses}
        label={t('PROFILES.NAME')}
        error={nameError}
        value={name}
        onChange={setName}
        maxLength={NAME_MAX_LENGTH}
        isRequired
        autoFocus
      />
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
            classes={settingsFieldClasses}
            label={t('PROFILES.PIN')}
            description={t('PROFILES.PIN_HELP')}
            error={pinError}
            type="password"
            value={pin}
            onChange={(value) => {
              setPin(value.replace(/[^0-9]/g, '').slice(0, 4));
              if (value) setRemovePin(false);
            }}
            isDisabled={removePin}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
          />
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
                classes={settingsFieldClasses}
                label={t('PROFILES.CURRENT_PIN')}
                error={currentError}
                type="password"
                value={currentPin}
                onChange={(value) => {
                  setCurrentPin(value.replace(/[^0-9]/g, '').slice(0, 4));
                  setCurrentError(undefined);
                }}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
              />
              <TextField
                classes={settingsFieldClasses}
                label={t('PROFILES.CURRENT_PASSWORD')}
                type="password"
                value={currentPassword}
                onChange={(value) => {
                  setCurrentPassword(value);
                  setCurrentError(undefined);
                }}
                autoComplete="current-password"
              />
            </div>
          ) : null}
        </fieldset>
      ) : null}
      <DialogFormFooter error={error} busy={sending} onCancel={onCancel} submitLabel={t('PROFILES.SAVE')} />
    </form>
  );
}
