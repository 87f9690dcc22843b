import { Button, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { useRestrictedProfile } from '../../state/session-store';
import { SettingsMyAccount } from './settings-my-account';
import { SettingsProfiles } from './settings-profiles';
import { NewsletterSwitch } from './settings-newsletter';
import { useLogout } from './use-logout';
import styles from './account-settings.module.css';

/**
 * The account screen of a signed-in user (shown on /login, spec part 1 §2): the tabs My account,
 * Profiles, Preferences and Downloads. Downloads has none yet (SPEC-DECISIONS). A restricted
 * profile (ADR 0012) has no My account tab (email, password, deletion) nor the newsletter: its
 * Profiles tab switches profile and edits its own name and avatar.
 */
export default function AccountSettings() {
  const { t } = useTranslation();
  const restricted = useRestrictedProfile();
  const signOut = useLogout();
  return (
    <section className={styles.page}>
      <title>{`${t('ACCOUNT.TITLE')} · ${t('GENERAL.APP_NAME')}`}</title>
      <h1 className={styles.title}>{t('ACCOUNT.TITLE')}</h1>
      {restricted ? (
        <div className={styles.buttons}>
          <Button className={styles.secondary} onPress={() => void signOut()}>
            {t('ACCOUNT.SIGN_OUT')}
          </Button>
        </div>
      ) : null}
      <Tabs className={styles.tabs}>
        <TabList className={styles.tabList} aria-label={t('ACCOUNT.TABS')}>
          {restricted ? null : (
            <Tab id="account" className={styles.tab}>
              {t('ACCOUNT.TAB_MY_ACCOUNT')}
            </Tab>
          )}
          <Tab id="profiles" className={styles.tab}>
            {t('ACCOUNT.TAB_PROFILES')}
          </Tab>
          <Tab id="preferences" className={styles.tab}>
            {t('ACCOUNT.TAB_PREFERENCES')}
          </Tab>
          <Tab id="downloads" className={styles.tab}>
            {t('ACCOUNT.TAB_DOWNLOADS')}
          </Tab>
        </TabList>
        {restricted ? null : (
          <TabPanel id="account" className={styles.panel}>
            <SettingsMyAccount />
          </TabPanel>
        )}
        <TabPanel id="profiles" className={styles.panel}>
          <SettingsProfiles />
        </TabPanel>
        <TabPanel id="preferences" className={styles.panel}>
          <div className={styles.stack}>
            <div className={styles.row}>
              <span className={styles.label}>{t('SETTINGS.LANGUAGE')}</span>
              <Link to="/settings" className={styles.link}>
                {t('ACCOUNT.LANGUAGE_LINK')}
              </Link>
            </div>
            {restricted ? null : <NewsletterSwitch />}
          </div>
        </TabPanel>
        <TabPanel id="downloads" className={styles.panel}>
          <p className={styles.empty}>{t('ACCOUNT.NO_DOWNLOADS')}</p>
        </TabPanel>
      </Tabs>
    </section>
  );
}
