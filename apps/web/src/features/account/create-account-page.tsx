import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { EMAIL_PATTERN, isValidPassword, MINIMUM_AGE } from '@antenne/contract';
import { locationQueryOptions } from '../../api/get-location';
import { signOut, signUpEmail } from '../../api/identity';
import { useStartup } from '../../api/use-startup';
import { usePopup } from '../../components/modal';
import { escapeHtml } from '../../lib/html';
import { useNavigate } from '../../lib/router';
import { translatedError } from './account-errors';
import { ageOn, parseBirthday } from './birthday';
import { StepOne, StepTwo, type Step1, type Step2 } from './create-account-steps';
import { errorCode } from './sign-in';
import styles from './create-account-page.module.css';

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
    // The country of the preferences (spec part 1 §4): where the visitor is now, when known.
    void queryClient
      .fetchQuery(locationQueryOptions(config))
      .then((location) => setCountry(location.locationKnown ? location.countryCode : ''))
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
