import { useTranslation } from 'react-i18next';
import { isApiError, isSessionRejection } from '../../api/client';
import { isFavoriteIn, useFavoriteIds, useToggleFavorite, type FavoriteTarget } from '../../api/favorites';
import { useNavigate } from '../../lib/router';
import { useUserToken } from '../../state/session-store';
import { openPopup } from '../modal/popup-store';

/**
 * A favourite button's state and action (spec part 2 §4), the same for a card and the details
 * page. Signed in: on when the target is in the list; a press adds or removes it, the list is
 * reloaded, and a failure is told in a popup (LIMIT_REACHED past MAX_FAVORITES). A visitor's
 * press asks to sign in (components/sign-in-prompt.ts), coming back to this page afterwards.
 */
export function useFavorite(target: FavoriteTarget) {
  const { t } = useTranslation();
  const token = useUserToken();
  const ids = useFavoriteIds();
  const toggle = useToggleFavorite();
  const navigate = useNavigate();
  const on = token ? isFavoriteIn(ids, target) : false;
  const press = () => {
    if (!token) {
      // The prompt's code comes when a visitor asks for it: no part of the first screen.
      void import('../sign-in-prompt').then(({ askToSignIn }) =>
        askToSignIn({
          title: t('CARD.SIGN_IN_TITLE'),
          text: t('CARD.SIGN_IN_TEXT'),
          signIn: t('CARD.SIGN_IN'),
          returnTo: `${window.location.pathname}${window.location.search}`,
          navigate,
        }),
      );
      return;
    }
    if (toggle.isPending) return;
    toggle.mutate(
      { target, add: !on },
      {
        onError: (error) => {
          // A session the server no longer accepts: the app shell offers to sign in again instead.
          if (isSessionRejection(error)) return;
          const limit = isApiError(error) && error.message === 'LIMIT_REACHED';
          void openPopup({
            title: t('FAVORITES.ERROR_TITLE'),
            text: t(limit ? 'FAVORITES.LIMIT_REACHED' : 'FAVORITES.ERROR'),
          });
        },
      },
    );
  };
  return { on, busy: toggle.isPending, press };
}
