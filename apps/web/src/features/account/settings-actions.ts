import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteExposureUser,
  deleteIdentityUser,
  isIdentitySignInRecent,
  isRecentSignIn,
} from '../../api/account';
import { useStartup } from '../../api/use-startup';
import { usePopup } from '../../components/modal/popup-store';
import { escapeHtml } from '../../lib/html';
import { useNavigate } from '../../lib/router';
import { useSessionStore, useUserToken } from '../../state/session-store';
import { useLogout } from './use-logout';

/**
 * Account deletion (spec part 1 §4): confirmation popup, loader, Exposure user/delete, identity
 * delete-user, sign-out (useLogout), home. The identity service demands a recent sign-in: that is
 * checked first, so a stale sign-in gets the ERROR.DELETE_ACCOUNT dialog with nothing deleted. Any
 * later failure shows the dialog too; when the Exposure account is already gone by then, the user
 * is signed out and sent to /login to sign in again before retrying.
 *
 * A household of a US pay-TV provider's subscriber has no identity account: its sign-in with the
 * provider must be as recent (the session's time), and only the Exposure account is deleted.
 */
export function useDeleteAccount() {
  const { t } = useTranslation();
  const { config } = useStartup();
  const token = useUserToken();
  const { open } = usePopup();
  const signOut = useLogout();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  const start = async () => {
    const { validated } = await open({
      title: t('ACCOUNT.DELETE_TITLE'),
      html: `<p>${escapeHtml(t('ACCOUNT.DELETE_TEXT'))}</p>`,
      validateLabel: t('ACCOUNT.DELETE_CONFIRM'),
      cancel: true,
    });
    if (!validated || !token) return;
    setDeleting(true);
    let exposureDeleted = false;
    try {
      const { selectedProvider, user } = useSessionStore.getState();
      const recent =
        selectedProvider === null
          ? await isIdentitySignInRecent()
          : isRecentSignIn(user?.createdAt ?? Number.NaN);
      if (!recent) throw new Error('the sign-in is not recent');
      await deleteExposureUser(config, token);
      exposureDeleted = true;
      if (selectedProvider === null) await deleteIdentityUser(token);
    } catch {
      setDeleting(false);
      await open({
        title: t('ACCOUNT.DELETE_ERROR_TITLE'),
        html: `<p>${escapeHtml(t('ERROR.DELETE_ACCOUNT'))}</p>`,
      });
      if (exposureDeleted) {
        await signOut();
        navigate('/login', { replace: true });
      }
      return;
    }
    await signOut();
    setDeleting(false);
    navigate('/', { replace: true });
  };

  return { deleting, start };
}
