import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sameReminder, type Program, type Reminder } from '@antenne/contract';
import { isSessionRejection } from '../../api/client';
import { saveReminders } from '../../api/reminders';
import { useStartup } from '../../api/use-startup';
import { openPopup } from '../../components/modal/popup-store';
import { askToSignIn } from '../../components/sign-in-prompt';
import { titleOf } from '../../lib/asset-display';
import { useNavigate } from '../../lib/router';
import { remindersOfProfile } from '../../state/reminders-scheduler';
import { toSessionProfile, useSessionStore } from '../../state/session-store';

/**
 * « Remind me » / « Cancel the reminder » on a programme that has not started (issue 15 item 7):
 * the profile's Reminders property (server-side, so every device of the profile sees it) gains or
 * loses {channelId, startDate in seconds, title}; the shell's scheduler shows the popup at the
 * start. A visitor is asked to sign in first and comes back here.
 */
export function ReminderToggle({ program, className }: { program: Program; className: string }) {
  const { t, i18n } = useTranslation();
  const { config } = useStartup();
  const navigate = useNavigate();
  const token = useSessionStore((state) => state.token);
  const profile = useSessionStore((state) => state.profile);
  const [busy, setBusy] = useState(false);
  const target: Reminder = {
    channelId: program.channelId,
    startDate: Math.floor(Date.parse(program.startTime) / 1000),
    title: titleOf(program.asset, i18n.language).slice(0, 200),
  };
  const reminders = remindersOfProfile(profile);
  const on = token !== null && reminders.some((r) => sameReminder(r, target));

  const press = async () => {
    if (!token || !profile) {
      void askToSignIn({
        title: t('REMINDER.SIGN_IN_TITLE'),
        text: t('REMINDER.SIGN_IN_TEXT'),
        signIn: t('REMINDER.SIGN_IN'),
        returnTo: `${window.location.pathname}${window.location.search}`,
        navigate,
      });
      return;
    }
    if (busy) return;
    setBusy(true);
    const next = on ? reminders.filter((r) => !sameReminder(r, target)) : [...reminders, target];
    try {
      const updated = await saveReminders(config, token, profile, next);
      const store = useSessionStore.getState();
      if (store.profile?.externalId === updated.userId) store.setProfile(toSessionProfile(updated));
      if (store.profiles.some((p) => p.userId === updated.userId)) {
        store.profileListReplaced(store.profiles.map((p) => (p.userId === updated.userId ? updated : p)));
      }
    } catch (error) {
      // A session the server no longer accepts: the app shell offers to sign in again instead.
      if (!isSessionRejection(error)) {
        void openPopup({ title: t('REMINDER.ERROR_TITLE'), text: t('REMINDER.ERROR') });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={className}
        aria-busy={busy || undefined}
        {...(token ? {} : { 'aria-haspopup': 'dialog' as const })}
        onClick={() => void press()}
      >
        {t(on ? 'REMINDER.CANCEL' : 'REMINDER.REMIND_ME')}
      </button>
      <span role="status" className="visually-hidden">
        {on ? t('REMINDER.SET') : ''}
      </span>
    </>
  );
}
