import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { MINIMUM_AGE } from '@antenne/contract';
import { locationQueryOptions } from '../../api/get-location';
import { usePreferences, useUpdatePreferences, type Preferences } from '../../api/preferences';
import { useStartup } from '../../api/use-startup';
import { usePopup } from '../../components/modal/popup-store';
import { escapeHtml } from '../../lib/html';
import { storedProviderList } from '../../lib/tv-provider';
import { useSessionStore } from '../../state/session-store';
import { useDeleteAccount } from './settings-actions';
import { useLogout } from './use-logout';
import { ChangeEmailButton } from './settings-change-email';
import { useFollowConfirmedEmail } from './follow-confirmed-email';
import { ChangePasswordButton } from './settings-change-password';
import { ageOn, birthdayDigits, formatBirthday, parseBirthday } from './birthday';
import { countryOptions } from './settings-model';
import { NewsletterSwitch } from './settings-newsletter';
import styles from './account-settings.module.css';
import { TextField } from './text-field';
import { settingsFieldClasses } from './settings-field-classes';

/** The My account tab: the preferences once loaded, else a status line. */
export function SettingsMyAccount() {
  const { t } = useTranslation();
  const preferences = usePreferences();
  if (preferences.isPending) {
    return (
      <p role="status" className={styles.status}>
        {t('ACCOUNT.LOADING')}
      </p>
    );
  }
  if (preferences.isError) {
    return (
      <div className={styles.stack}>
        <p role="alert" className={styles.error}>
          {t('ACCOUNT.LOAD_ERROR')}
        </p>
        <AccountButtons />
      </div>
    );
  }
  // The form starts from what the server holds once loaded, then keeps what the user types.
  return <AccountForm preferences={preferences.data.preferences} />;
}

type Gender = 'male' | 'female' | '';

function AccountForm({ preferences }: { preferences: Preferences }) {
  const { t, i18n } = useTranslation();
  const { config } = useStartup();
  const { open } = usePopup();
  const user = useSessionStore((state) => state.user);
  const update = useUpdatePreferences();
  const email = preferences.email || user?.email || '';
  const tvProvider = useTvProviderName();
  useFollowConfirmedEmail(tvProvider === null ? email : '');

  const [gender, setGender] = useState<Gender>(
    preferences.gender === 'male' || preferences.gender === 'female' ? preferences.gender : '',
  );
  const [lastname, setLastname] = useState(preferences.lastname ?? '');
  const [firstname, setFirstname] = useState(preferences.firstname ?? '');
  const [birthday, setBirthday] = useState(birthdayDigits(preferences.dateofbirth ?? ''));
  const [birthdayError, setBirthdayError] = useState<string | undefined>();
  const [chosenCountry, setChosenCountry] = useState<string | null>(preferences.country || null);
  const [city, setCity] = useState(preferences.city ?? '');
  const [saved, setSaved] = useState(false);

  // No country saved yet: the detected one (GET /v2/location) is proposed.
  const location = useQuery({ ...locationQueryOptions(config), enabled: !preferences.country });
  const detected = location.data?.locationKnown ? location.data.countryCode : null;
  const country = chosenCountry ?? detected;
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);

  const edited = () => setSaved(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (birthday !== '') {
      const date = parseBirthday(birthday);
      if (!date) {
        setBirthdayError(t('ACCOUNT.BIRTHDATE_INVALID'));
        return;
      }
      if (ageOn(date) < MINIMUM_AGE) {
        setBirthdayError(t('ACCOUNT.SIXTEEN_PLUS_ERROR'));
        await open({
          title: t('ACCOUNT.BIRTHDATE_TITLE'),
          html: `<p>${escapeHtml(t('ACCOUNT.SIXTEEN_PLUS_ERROR'))}</p>`,
        });
        return;
      }
    }
    setBirthdayError(undefined);
    update.mutate(
      {
        gender,
        lastname: lastname.trim(),
        firstname: firstname.trim(),
        dateofbirth: birthday,
        country: country ?? '',
        city: city.trim(),
      },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <div className={styles.stack}>
      <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
        {tvProvider !== null ? (
          // A household of a US pay-TV provider's subscriber: no email, no password of its own.
          <TextField
            classes={settingsFieldClasses}
            label={t('ACCOUNT.TV_PROVIDER')}
            value={tvProvider}
            isReadOnly
          />
        ) : (
          <div className={styles.emailRow}>
            <TextField
              classes={settingsFieldClasses}
              label={t('ACCOUNT.EMAIL')}
              type="email"
              value={email}
              isReadOnly
            />
            <ChangeEmailButton />
          </div>
        )}

        <RadioGroup
          className={styles.field}
          value={gender || null}
          onChange={(value) => {
            setGender(value === 'male' || value === 'female' ? value : '');
            edited();
          }}
          orientation="horizontal"
        >
          <Label className={styles.label}>{t('ACCOUNT.GENDER')}</Label>
          <div className={styles.radios}>
            <Radio value="male" className={styles.radio}>
              <span className={styles.dot} aria-hidden="true" />
              {t('ACCOUNT.GENDER_MALE')}
            </Radio>
            <Radio value="female" className={styles.radio}>
              <span className={styles.dot} aria-hidden="true" />
              {t('ACCOUNT.GENDER_FEMALE')}
            </Radio>
          </div>
        </RadioGroup>

        <TextField
          classes={settingsFieldClasses}
          label={t('ACCOUNT.LASTNAME')}
          value={lastname}
          onChange={(value) => (setLastname(value), edited())}
          autoComplete="family-name"
        />

        <TextField
          classes={settingsFieldClasses}
          label={t('ACCOUNT.FIRSTNAME')}
          value={firstname}
          onChange={(value) => (setFirstname(value), edited())}
          autoComplete="given-name"
        />

        <TextField
          classes={settingsFieldClasses}
          label={t('ACCOUNT.BIRTHDATE')}
          placeholder={t('ACCOUNT.BIRTHDATE_FORMAT')}
          description={t('ACCOUNT.BIRTHDATE_FORMAT')}
          error={birthdayError}
          value={formatBirthday(birthday)}
          onChange={(value) => {
            setBirthday(birthdayDigits(value));
            setBirthdayError(undefined);
            edited();
          }}
          inputMode="numeric"
          maxLength={21}
          autoComplete="bday"
        />

        <Select
          className={styles.field}
          selectedKey={country}
          onSelectionChange={(key) => {
            if (key !== null) setChosenCountry(String(key));
            edited();
          }}
          placeholder={t('ACCOUNT.COUNTRY_NONE')}
        >
          <Label className={styles.label}>{t('ACCOUNT.COUNTRY')}</Label>
          <Button className={styles.selectButton}>
            <SelectValue />
            <span aria-hidden="true">▾</span>
          </Button>
          <Popover className={styles.popover}>
            <ListBox className={styles.listbox} items={countries}>
              {(item) => (
                <ListBoxItem id={item.code} className={styles.option}>
                  {item.name}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </Select>

        <TextField
          classes={settingsFieldClasses}
          label={t('ACCOUNT.CITY')}
          value={city}
          onChange={(value) => (setCity(value), edited())}
          autoComplete="address-level2"
        />

        <NewsletterSwitch />

        <div className={styles.buttons}>
          <Button type="submit" className={styles.primary} isDisabled={update.isPending}>
            {t('ACCOUNT.SAVE')}
          </Button>
        </div>
        {saved ? (
          <p role="status" className={styles.success}>
            {t('ACCOUNT.SAVED')}
          </p>
        ) : null}
        {update.isError ? (
          <p role="alert" className={styles.error}>
            {t('ACCOUNT.SAVE_ERROR')}
          </p>
        ) : null}
      </form>
      <AccountButtons />
    </div>
  );
}

/** The display name of the pay-TV provider the household signed in with; null without one. */
function useTvProviderName(): string | null {
  const { config } = useStartup();
  const selected = useSessionStore((state) => state.selectedProvider);
  if (selected === null) return null;
  const known = [...(storedProviderList() ?? []), ...config.provider.providers];
  return known.find((provider) => provider.ID === selected)?.displayName ?? selected;
}

/** Change password (only with a user signed in by email), delete the account, sign out. */
function AccountButtons() {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const byTvProvider = useTvProviderName() !== null;
  const signOut = useLogout();
  const deletion = useDeleteAccount();
  const [done, setDone] = useState<string | undefined>();
  return (
    <div className={styles.stack}>
      <div className={styles.buttons}>
        {user && !byTvProvider ? (
          <ChangePasswordButton onChanged={() => setDone(t('ACCOUNT.PASSWORD_CHANGED'))} />
        ) : null}
        <Button className={styles.secondary} onPress={() => void deletion.start()}>
          {t('ACCOUNT.DELETE_ACCOUNT')}
        </Button>
        <Button className={styles.secondary} onPress={() => void signOut()}>
          {t('ACCOUNT.SIGN_OUT')}
        </Button>
      </div>
      {done ? (
        <p role="status" className={styles.success}>
          {done}
        </p>
      ) : null}
      {deletion.deleting ? (
        <div className={styles.loader} role="status" aria-live="polite">
          <span className={styles.spinner} aria-hidden="true" />
          <span>{t('ACCOUNT.DELETING')}</span>
        </div>
      ) : null}
    </div>
  );
}
