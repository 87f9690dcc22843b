import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { syncSessionAcrossTabs, useSessionStore } from '../../state/session-store';

/**
 * The shell's answer to a session that is no longer good (issue 13): another tab's sign-out or
 * profile switch is read back at once (the persisted session's `storage` event); and when a
 * personal call is answered 401 all the same (api/client.ts → the session store forgets the
 * session and raises sessionExpired), a popup offers to sign in again and comes back to the page
 * the user was on. Not on /login itself, where signing in is what the page offers.
 */
export function useSessionWatch(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const expired = useSessionStore((state) => state.sessionExpired);

  useEffect(() => syncSessionAcrossTabs(), []);

  useEffect(() => {
    if (!expired) return;
    // After the current task: a feature's own message about the same failed call, shown as its
    // promise settles, gives way to this one, which says what happened and what to do.
    const timer = setTimeout(() => {
      useSessionStore.getState().dismissSessionExpired();
      // Where the user is when the prompt opens (the router follows the browser's location).
      const { pathname, search } = window.location;
      if (pathname === '/login') return;
      // The prompt's code comes when it is needed: it is no part of the first screen.
      void import('../../components/sign-in-prompt').then(({ askToSignIn }) =>
        askToSignIn({
          title: t('POPUP.SESSION_TITLE'),
          text: t('POPUP.SESSION_TEXT'),
          signIn: t('POPUP.SESSION_SIGN_IN'),
          returnTo: `${pathname}${search}`,
          navigate,
        }),
      );
    }, 0);
    return () => clearTimeout(timer);
  }, [expired, t, navigate]);
}
