import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Label, Radio, RadioGroup } from 'react-aria-components';
import { REGISTRATION_NAME_MAX_LENGTH } from '@antenne/contract';
import { useComponent } from '../../api/get-component';
import { useStartup } from '../../api/use-startup';
import { menuItemsOf } from '../../app/shell/menu-links';
import { useContactEmail } from '../../lib/contact-email';
import { Link } from '../../lib/router';
import { BackIcon, InfoIcon } from './account-icons';
import { formatBirthday, birthdayDigits } from './birthday';
import { legalLinksOf, type LegalLinks } from './registration';
import { TextField, type FieldClasses } from './text-field';
import styles from './create-account-page.module.css';

/** The two steps of /create-account and the legal notice under the first (the page holds the rules). */

export type Sex = '' | 'male' | 'female';

export interface Step1 {
  email: string;
  password: string;
  confirm: string;
}

export interface Step2 {
  lastName: string;
  firstName: string;
  /** Up to 8 digits, ddMMyyyy. */
  birthday: string;
  sex: Sex;
  certified: boolean;
}

const fieldClasses: FieldClasses = {
  field: styles.field,
  label: styles.label,
  input: styles.input,
  row: styles.inputRow,
};

export function StepOne({
  values,
  onChange,
  invalid,
  message,
  onNext,
}: {
  values: Step1;
  onChange: (update: (values: Step1) => Step1) => void;
  invalid: Set<string>;
  message: string | null;
  onNext: (event: FormEvent) => void;
}) {
  const { t } = useTranslation();
  const rulesId = useId();
  const messageId = useId();
  const set = (field: keyof Step1) => (value: string) =>
    onChange((current) => ({ ...current, [field]: value }));
  return (
    <form className={styles.form} onSubmit={onNext} noValidate aria-label={t('REGISTER.STEP_ONE')}>
      <TextField
        classes={fieldClasses}
        label={t('LOGIN.EMAIL')}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        invalid={invalid.has('email')}
        aria-describedby={message ? messageId : undefined}
      />
      <TextField
        classes={fieldClasses}
        label={t('LOGIN.PASSWORD')}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        invalid={invalid.has('password')}
        aria-describedby={message ? `${rulesId} ${messageId}` : rulesId}
      />
      <p id={rulesId} className={styles.hint}>
        {t('REGISTER.PASSWORD_HINT')}
      </p>
      <TextField
        classes={fieldClasses}
        label={t('REGISTER.PASSWORD_CONFIRMATION')}
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={set('confirm')}
        invalid={invalid.has('confirm')}
        aria-describedby={message ? messageId : undefined}
      />
      {message && (
        <p id={messageId} className={styles.error} role="alert">
          {message}
        </p>
      )}
      <button type="submit" className={styles.primary}>
        {t('REGISTER.NEXT')}
      </button>
      <LegalNotice />
      <p className={styles.loginLink}>
        {t('REGISTER.HAVE_ACCOUNT')} <Link href="/login">{t('REGISTER.GO_TO_LOGIN')}</Link>
      </p>
    </form>
  );
}

export function StepTwo({
  values,
  onChange,
  invalid,
  message,
  busy,
  onBack,
  onSubmit,
  onBirthdayInfo,
}: {
  values: Step2;
  onChange: (update: (values: Step2) => Step2) => void;
  invalid: Set<string>;
  message: string | null;
  busy: boolean;
  onBack: () => void;
  onSubmit: (event: FormEvent) => void;
  onBirthdayInfo: () => void;
}) {
  const { t } = useTranslation();
  const messageId = useId();
  const set = (field: 'lastName' | 'firstName') => (value: string) =>
    onChange((current) => ({ ...current, [field]: value }));
  const typeBirthday = (typed: string) => {
    onChange((current) => {
      let digits = birthdayDigits(typed);
      // Deleting a separator deletes the digit before it.
      if (digits === current.birthday && typed.length < formatBirthday(current.birthday).length)
        digits = digits.slice(0, -1);
      return { ...current, birthday: digits };
    });
  };
  const describedBy = message ? messageId : undefined;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('REGISTER.STEP_TWO')}>
      <button type="button" className={styles.back} onClick={onBack} aria-label={t('REGISTER.BACK')}>
        <BackIcon />
      </button>
      <TextField
        classes={fieldClasses}
        label={t('REGISTER.LAST_NAME')}
        autoComplete="family-name"
        maxLength={REGISTRATION_NAME_MAX_LENGTH}
        value={values.lastName}
        onChange={set('lastName')}
        invalid={invalid.has('lastName')}
        aria-describedby={describedBy}
      />
      <TextField
        classes={fieldClasses}
        label={t('REGISTER.FIRST_NAME')}
        autoComplete="given-name"
        maxLength={REGISTRATION_NAME_MAX_LENGTH}
        value={values.firstName}
        onChange={set('firstName')}
        invalid={invalid.has('firstName')}
        aria-describedby={describedBy}
      />
      <TextField
        classes={fieldClasses}
        label={t('REGISTER.BIRTHDAY')}
        inputMode="numeric"
        autoComplete="bday"
        placeholder={t('REGISTER.BIRTHDAY_FORMAT')}
        value={formatBirthday(values.birthday)}
        onChange={typeBirthday}
        invalid={invalid.has('birthday')}
        aria-describedby={describedBy}
        adornment={
          <button
            type="button"
            className={styles.info}
            onClick={onBirthdayInfo}
            aria-label={t('REGISTER.BIRTHDAY_INFO')}
          >
            <InfoIcon />
          </button>
        }
      />
      <RadioGroup
        className={styles.radios}
        orientation="horizontal"
        value={values.sex || null}
        onChange={(value) =>
          onChange((current) => ({ ...current, sex: value === 'male' || value === 'female' ? value : '' }))
        }
      >
        <Label className={styles.label}>{t('REGISTER.SEX')}</Label>
        <div className={styles.radioRow}>
          <Radio value="male" className={styles.radio}>
            <span className={styles.dot} aria-hidden="true" />
            {t('REGISTER.MALE')}
          </Radio>
          <Radio value="female" className={styles.radio}>
            <span className={styles.dot} aria-hidden="true" />
            {t('REGISTER.FEMALE')}
          </Radio>
        </div>
      </RadioGroup>
      <Checkbox
        className={styles.checkbox}
        isSelected={values.certified}
        isInvalid={invalid.has('certified')}
        onChange={(certified) => onChange((current) => ({ ...current, certified }))}
      >
        <span className={styles.box} aria-hidden="true">
          <svg viewBox="0 0 18 18" width="14" height="14">
            <polyline points="2 9 7 14 16 4" fill="none" stroke="currentColor" strokeWidth="3" />
          </svg>
        </span>
        {t('REGISTER.CERTIFY_16')}
      </Checkbox>
      <p className={styles.hint}>{t('REGISTER.THIRD_PARTY_CONSENT')}</p>
      {message && (
        <p id={messageId} className={styles.error} role="alert">
          {message}
        </p>
      )}
      <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy || undefined}>
        {t('REGISTER.SUBMIT')}
      </button>
    </form>
  );
}

export function LegalNotice() {
  const { t } = useTranslation();
  const { structure } = useStartup();
  const footer = useComponent(structure?.components.footer?.[0]?.referenceId);
  const links: LegalLinks = legalLinksOf(menuItemsOf(footer.data));
  const contact = useContactEmail();
  const item = (href: string | undefined, label: string) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    ) : (
      label
    );
  return (
    <div className={styles.legal}>
      <p>{t('REGISTER.LEGAL_INTRO')}</p>
      <ul className={styles.legalList}>
        <li>{item(links.terms, t('REGISTER.TERMS'))}</li>
        <li>{item(links.personalData, t('REGISTER.PERSONAL_DATA'))}</li>
        <li>{item(links.privacy, t('REGISTER.PRIVACY'))}</li>
      </ul>
      <p>
        {t('REGISTER.CONTACT')} <a href={`mailto:${contact}`}>{contact}</a>
      </p>
    </div>
  );
}
