import { useId } from 'react';
import { Switch } from 'react-aria-components';
import { Trans, useTranslation } from 'react-i18next';
import { usePreferences, useUpdatePreferences } from '../../api/preferences';
import { useContactEmail } from '../../lib/contact-email';
import styles from './account-settings.module.css';

/**
 * The newsletter opt-in (spec part 1 §2, §4): saved at once as 'true' or 'false', the other
 * preferences kept; its text carries the contact address as a mailto link.
 */
export function NewsletterSwitch() {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const descriptionId = useId();
  const saved = preferences.data?.preferences.newsletter === 'true';
  const selected = update.isPending ? update.variables.newsletter === 'true' : saved;
  const email = useContactEmail();
  return (
    <div className={styles.newsletter}>
      <Switch
        className={styles.switch}
        isSelected={selected}
        isDisabled={preferences.isPending}
        onChange={(on) => update.mutate({ newsletter: on ? 'true' : 'false' })}
        aria-describedby={descriptionId}
      >
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        {t('ACCOUNT.NEWSLETTER')}
      </Switch>
      <p id={descriptionId} className={styles.help}>
        <Trans
          i18nKey="ACCOUNT.NEWSLETTER_TEXT"
          values={{ email }}
          components={{ mail: <a className={styles.link} href={`mailto:${email}`} /> }}
        />
      </p>
      {update.isError ? (
        <p className={styles.error} role="alert">
          {t('ACCOUNT.NEWSLETTER_ERROR')}
        </p>
      ) : null}
    </div>
  );
}
