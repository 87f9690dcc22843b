import { useTranslation } from 'react-i18next';
import { Button, Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { SUPPORTED_LOCALES, type Locale } from '@antenne/contract';
import { useDashboardAccess } from '../../api/dashboard';
import { useStartup } from '../../api/use-startup';
import { directionOf, isLocale, readLanguagePreference, storeLanguagePreference } from '../../lib/language';
import { appReload } from './reload';
import styles from './settings-page.module.css';
import { Link } from '../../lib/router';

/** The radios' name in the form's data. */
const LANGUAGE_FIELD = 'language';

/** A language's name in that language ("français", "العربية"), capitalised as a label. */
export function nativeLanguageName(locale: Locale): string {
  let name: string = locale;
  try {
    name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    // Intl.DisplayNames missing: the code stays readable enough.
  }
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/**
 * Language settings (spec part 2 §2): ar, de, en, es, fr, each named in its own language; Validate
 * stores the choice under lang-preference and reloads the app at the origin; the app version
 * shows at the bottom, on the inline end side. The form is a React form action over the radios'
 * native `name`: a choice validated on the server's HTML before the page is live is held by React
 * and carried out once it is (docs/adr/0043).
 */
export default function SettingsPage() {
  const { t, i18n } = useTranslation();
  const { config } = useStartup();
  const current = isLocale(i18n.language) ? i18n.language : readLanguagePreference();

  const validate = (form: FormData) => {
    const chosen = form.get(LANGUAGE_FIELD);
    storeLanguagePreference(typeof chosen === 'string' && isLocale(chosen) ? chosen : current);
    appReload.assign(window.location.origin);
  };

  return (
    <section className={styles.page}>
      <title>{`${t('PAGES.SETTINGS')} · ${t('GENERAL.APP_NAME')}`}</title>
      <h1 className={styles.title}>{t('PAGES.SETTINGS')}</h1>
      <form className={styles.form} action={validate}>
        <RadioGroup className={styles.group} name={LANGUAGE_FIELD} defaultValue={current}>
          <Label className={styles.legend}>{t('SETTINGS.LANGUAGE')}</Label>
          <Text slot="description" className={styles.help}>
            {t('SETTINGS.LANGUAGE_HELP')}
          </Text>
          <div className={styles.options}>
            {SUPPORTED_LOCALES.map((locale) => (
              <Radio key={locale} value={locale} className={styles.option}>
                <span className={styles.dot} aria-hidden="true" />
                <span lang={locale} dir={directionOf(locale)}>
                  {nativeLanguageName(locale)}
                </span>
              </Radio>
            ))}
          </div>
        </RadioGroup>
        <Button type="submit" className={styles.validate}>
          {t('SETTINGS.VALIDATE')}
        </Button>
      </form>
      <StaffDashboardLink />
      <p className={styles.version}>{t('SETTINGS.VERSION', { version: config.version })}</p>
    </section>
  );
}

/** The staff dashboard's entry (issue 17), for a signed-in account holding the staff role only. */
function StaffDashboardLink() {
  const { t } = useTranslation();
  const access = useDashboardAccess();
  if (access.data?.staff !== true) return null;
  return (
    <p className={styles.staff}>
      <Link to="/dashboard" className={styles.staffLink}>
        {t('DASHBOARD.LINK')}
      </Link>
    </p>
  );
}
