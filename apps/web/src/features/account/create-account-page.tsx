import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, Label, Radio, RadioGroup } from 'react-aria-components';
import { EMAIL_PATTERN, isValidPassword, MINIMUM_AGE, REGISTRATION_NAME_MAX_LENGTH } from '@antenne/contract';
import { useComponent } from '../../api/get-component';
import { locationQueryOptions } from '../../api/get-location';
import { signOut, signUpEmail } from '../../api/identity';
import { useStartup } from '../../api/use-startup';
import { menuItemsOf } from '../../app/shell/menu-links';
import { usePopup } from '../../components/modal';
import { Link, useNavigate } from '../../lib/router';
import { BackIcon, InfoIcon } from './account-icons';
import { escapeHtml } from '../../lib/html';
import { translatedError } from './account-errors';
import { ageOn, birthdayDigits, formatBirthday, parseBirthday } from './birthday';
import { legalLinksOf, type LegalLinks } from './registration';
import { errorCode } from './sign-in';
import styles from './create-account-page.module.css';
import { useContactEmail } from '../../lib/contact-email';

type Sex = '' | 'male' | 'female';

interface Step1 {
  email: string;
  password: string;
  confirm: string;
}

interface Step2 {
  lastName: string;
  firstName: string;
  /** Up to 8 digits, ddMMyyyy. */
  birthday: string;
  sex: Sex;
  certified: boolean;
}

/**
 * /create-account (spec part 1 §2, §4, §5): step 1 email and password, step 2 identity, then the
 * account is created at the identity service with what was typed here (names, birthday, sex,
 * country): the server keeps it with the account and the first sign-in, from any device, gives it
 * to the main profile as its preferences. Then the email is to be verified.
 */
export default function CreateAccountPage() {
  const { t, i18n } = useTranslation();
  const { config } = useStartup();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const popup = usePopup();
  const [step, setStep] = useState<1 | 2>(1);
  const [first, setFirst] = useState<Step1>({ email: '', password: '', confirm: '' });
  const [second, setSecond] = useState<Step2>({
    lastName: '',
    firstName: '',
    birthday: '',
    sex: '',
    certified: false,
  });
  const [country, setCountry] = useState<string>('');
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (fields: string[], text: string | null) => {
    setInvalid(new Set(fields));
    setMessage(text);
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    const email = first.email.trim();
    const empty = (['email', 'password', 'confirm'] as const).filter((field) => !first[field].trim());
    if (empty.length > 0) return fail(empty, t('LOGIN.FILL_ALL_FIELDS'));
    if (!EMAIL_PATTERN.test(email)) return fail(['email'], t('ERROR.ERROR_EMAIL_FORMAT'));
    if (!isValidPassword(first.password)) {
      setFirst((values) => ({ ...values, password: '' }));
      return fail(['password'], t('REGISTER.REGISTER_PASSWORD_RULES'));
    }
    if (first.confirm !== first.password) return fail(['confirm'], t('ERROR.ERROR_PASSWORD_CONFIRMATION'));
    fail([], null);
    setStep(2);
    // The country of the preferences (spec part 1 §4): where the visitor is now.
    void queryClient
      .fetchQuery(locationQueryOptions(config))
      .then((location) => setCountry(location.countryCode ?? ''))
      .catch(() => setCountry(''));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const missing = (['lastName', 'firstName'] as const).filter((field) => !second[field].trim());
    const required: string[] = [...missing, ...(second.birthday.length === 0 ? ['birthday'] : [])];
    if (required.length > 0) return fail(required, t('LOGIN.FILL_ALL_FIELDS'));
    const birthday = parseBirthday(second.birthday);
    if (!birthday) return fail(['birthday'], t('REGISTER.BIRTHDAY_INVALID'));
    if (ageOn(birthday) < MINIMUM_AGE) {
      fail(['birthday'], null);
      await popup.open({
        title: t('REGISTER.TITLE'),
        html: `<p>${escapeHtml(t('REGISTER.REGISTER_SIXTEEN_PLUS_ERROR'))}</p>`,
      });
      return;
    }
    if (!second.certified) return fail(['certified'], t('REGISTER.CERTIFY_REQUIRED'));
    fail([], null);
    setBusy(true);
    try {
      await createAccount();
    } finally {
      setBusy(false);
    }
  };

  const createAccount = async (): Promise<void> => {
    const email = first.email.trim();
    const firstName = second.firstName.trim();
    const lastName = second.lastName.trim();
    await signOut().catch(() => undefined);
    try {
      await signUpEmail({
        email,
        password: first.password,
        name: `${firstName} ${lastName}`,
        language: i18n.language,
        firstName,
        lastName,
        birthday: second.birthday,
        gender: second.sex,
        country: /^[A-Z]{2}$/.test(country) ? country : '',
      });
    } catch (error) {
      return identityFailure(errorCode(error));
    }
    await popup.open({
      title: t('REGISTER.VALIDATE_EMAIL_TITLE'),
      html: `<p>${escapeHtml(t('REGISTER.VALIDATE_EMAIL_TEXT', { email }))}</p>`,
      validateLabel: t('REGISTER.OK'),
    });
    navigate('/login');
  };

  const identityFailure = async (code: string) => {
    if (code === 'NETWORK') {
      const { validated } = await popup.open({
        title: t('ERROR.NETWORK_TITLE'),
        html: `<p>${escapeHtml(t('ERROR.NETWORK'))}</p>`,
        validateLabel: t('ERROR.RETRY'),
        cancel: t('ERROR.QUIT'),
      });
      if (validated) await createAccount();
      return;
    }
    const { validated } = await popup.open({
      title: t('ERROR.TITLE'),
      html: `<p>${escapeHtml(translatedError(t, code))}</p>`,
      validateLabel: t('REGISTER.GO_TO_LOGIN'),
      cancel: t('REGISTER.OK'),
    });
    if (validated) navigate('/login');
  };

  return (
    <section className={styles.page}>
      <title>{`${t('PAGES.CREATE_ACCOUNT')} · ${t('GENERAL.APP_NAME')}`}</title>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('REGISTER.TITLE')}</h1>
        <p className={styles.stepLabel}>{t('REGISTER.STEP', { step, total: 2 })}</p>
        {step === 1 ? (
          <StepOne values={first} onChange={setFirst} invalid={invalid} message={message} onNext={next} />
        ) : (
          <StepTwo
            values={second}
            onChange={setSecond}
            invalid={invalid}
            message={message}
            busy={busy}
            onBack={() => {
              fail([], null);
              setStep(1);
            }}
            onSubmit={(event) => void submit(event)}
            onBirthdayInfo={() =>
              void popup.open({
                title: t('REGISTER.BIRTHDAY'),
                html: `<p>${escapeHtml(t('REGISTER.BIRTHDAY_INFO_TEXT'))}</p>`,
              })
            }
          />
        )}
      </div>
    </section>
  );
}

interface FieldProps {
  label: string;
  value: string;
  maxLength?: number;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  invalid: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
  placeholder?: string;
  describedBy?: string;
  children?: ReactNode;
}

function Field({ label, invalid, describedBy, children, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputRow}>
        <input
          id={id}
          className={styles.input}
          type="text"
          {...input}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
        {children}
      </div>
    </div>
  );
}

function StepOne({
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
  const set = (field: keyof Step1) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange((current) => ({ ...current, [field]: event.target.value }));
  return (
    <form className={styles.form} onSubmit={onNext} noValidate aria-label={t('REGISTER.STEP_ONE')}>
      <Field
        label={t('LOGIN.EMAIL')}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        invalid={invalid.has('email')}
        describedBy={message ? messageId : undefined}
      />
      <Field
        label={t('LOGIN.PASSWORD')}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        invalid={invalid.has('password')}
        describedBy={message ? `${rulesId} ${messageId}` : rulesId}
      />
      <p id={rulesId} className={styles.hint}>
        {t('REGISTER.PASSWORD_HINT')}
      </p>
      <Field
        label={t('REGISTER.PASSWORD_CONFIRMATION')}
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={set('confirm')}
        invalid={invalid.has('confirm')}
        describedBy={message ? messageId : undefined}
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

function StepTwo({
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
  const set = (field: 'lastName' | 'firstName') => (event: ChangeEvent<HTMLInputElement>) =>
    onChange((current) => ({ ...current, [field]: event.target.value }));
  const typeBirthday = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
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
      <Field
        label={t('REGISTER.LAST_NAME')}
        autoComplete="family-name"
        maxLength={REGISTRATION_NAME_MAX_LENGTH}
        value={values.lastName}
        onChange={set('lastName')}
        invalid={invalid.has('lastName')}
        describedBy={describedBy}
      />
      <Field
        label={t('REGISTER.FIRST_NAME')}
        autoComplete="given-name"
        maxLength={REGISTRATION_NAME_MAX_LENGTH}
        value={values.firstName}
        onChange={set('firstName')}
        invalid={invalid.has('firstName')}
        describedBy={describedBy}
      />
      <Field
        label={t('REGISTER.BIRTHDAY')}
        inputMode="numeric"
        autoComplete="bday"
        placeholder={t('REGISTER.BIRTHDAY_FORMAT')}
        value={formatBirthday(values.birthday)}
        onChange={typeBirthday}
        invalid={invalid.has('birthday')}
        describedBy={describedBy}
      >
        <button
          type="button"
          className={styles.info}
          onClick={onBirthdayInfo}
          aria-label={t('REGISTER.BIRTHDAY_INFO')}
        >
          <InfoIcon />
        </button>
      </Field>
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

function LegalNotice() {
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
