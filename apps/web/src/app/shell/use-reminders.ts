import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reminder } from '@antenne/contract';
import { openPopup } from '../../components/modal/popup-store';
import { programDetailsPath } from '../../lib/live';
import { useNavigate } from '../../lib/router';
import { createRemindersScheduler, remindersOfProfile } from '../../state/reminders-scheduler';
import { useSessionStore } from '../../state/session-store';

/**
 * The shell's reminders (spec part 1 §2): while a profile is selected, its reminders are scheduled
 * (state/reminders-scheduler.ts) and, at each start, the reminder popup shows the programme's
 * title with Go (→ its details page) and Cancel.
 */
export function useReminders(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profileId = useSessionStore((state) => (state.token ? (state.profile?.externalId ?? null) : null));
  const profile = useSessionStore((state) => state.profile);
  // The latest texts and navigation, without rescheduling when they change.
  const show = useRef<(reminder: Reminder) => void>(() => undefined);
  useEffect(() => {
    show.current = (reminder) => {
      void openPopup({
        title: t('REMINDER.POPUP_TITLE'),
        text: reminder.title,
        validateLabel: t('REMINDER.GO'),
        cancel: true,
      }).then(({ validated }) => {
        if (validated) navigate(programDetailsPath(reminder.channelId, reminder.startDate * 1000));
      });
    };
  }, [t, navigate]);
  const scheduler = useRef<ReturnType<typeof createRemindersScheduler> | null>(null);

  useEffect(() => {
    if (profileId === null) return;
    const created = createRemindersScheduler({ profileId, onDue: (r) => show.current(r) });
    scheduler.current = created;
    return () => {
      created.stop();
      scheduler.current = null;
    };
  }, [profileId]);

  useEffect(() => {
    scheduler.current?.update(remindersOfProfile(profile));
  }, [profile, profileId]);
}

/** The hook as a component of its own: the shell loads it (lazily) only while a user is signed in. */
export function RemindersHost(): null {
  useReminders();
  return null;
}
