import { useTranslation } from 'react-i18next';
import { openPopup } from '../../components/modal/popup-store';
import { escapeHtml } from '../../lib/html';
import { rememberReturnTo } from '../../lib/return-to';
import { Link, useNavigate } from '../../lib/router';
import { useProviderTokenRequired } from '../../lib/tv-provider';
import { useUserToken } from '../../state/session-store';

/**
 * The main button of the action row (spec part 2 §4, Play button). In the US without a pay-TV
 * provider token — even signed in by email — it says 'login to watch' and goes straight to
 * /login. Otherwise, signed in: a link to the player; a visitor: a button that asks first
 * (PLAYER.POPUP_LOGIN_TO_WATCH). Either way the player's address is remembered, so the sign-in
 * comes back to it (lib/return-to.ts).
 */
export function PlayAction({ to, label, className }: { to: string; label: string; className: string }) {
  const { t } = useTranslation();
  const token = useUserToken();
  const providerRequired = useProviderTokenRequired();
  const navigate = useNavigate();

  if (token && !providerRequired) {
    return (
      <Link className={className} to={to}>
        {label}
      </Link>
    );
  }

  const signInThenPlay = () => {
    rememberReturnTo(to);
    navigate('/login');
  };

  if (providerRequired) {
    return (
      <button type="button" className={className} onClick={signInThenPlay}>
        {t('DETAILS.LOGIN_TO_WATCH')}
      </button>
    );
  }

  const askToSignIn = async () => {
    const { validated } = await openPopup({
      title: t('DETAILS.PLAY_SIGN_IN_TITLE'),
      html: `<p>${escapeHtml(t('PLAYER.POPUP_LOGIN_TO_WATCH'))}</p>`,
      validateLabel: t('DETAILS.SIGN_IN'),
      cancel: true,
    });
    if (validated) signInThenPlay();
  };

  return (
    <button type="button" className={className} aria-haspopup="dialog" onClick={() => void askToSignIn()}>
      {label}
    </button>
  );
}
