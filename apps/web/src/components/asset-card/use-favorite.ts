import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { isFavoriteIn, useFavoriteIds, useToggleFavorite, type FavoriteTarget } from '../../api/favorites';
import { escapeHtml } from '../../lib/html';
import { useUserToken } from '../../state/session-store';
import { openPopup } from '../modal/popup-store';

/**
 * A favourite button's state and action for a signed-in user (spec part 2 §4): on when the
 * target is in the list; a press adds or removes it, the list is reloaded, and a failure is told
 * in a popup (LIMIT_REACHED past MAX_FAVORITES). `signedIn` false: the caller asks a visitor to sign in.
 */
export function useFavorite(target: FavoriteTarget) {
  const { t } = useTranslation();
  const token = useUserToken();
  const ids = useFavoriteIds();
  const toggle = useToggleFavorite();
  const on = token ? isFavoriteIn(ids, target) : false;
  const press = () => {
    if (toggle.isPending) return;
    toggle.mutate(
      { target, add: !on },
      {
        onError: (error) => {
          const limit = isApiError(error) && error.message === 'LIMIT_REACHED';
          void openPopup({
            title: t('FAVORITES.ERROR_TITLE'),
            html: `<p>${escapeHtml(t(limit ? 'FAVORITES.LIMIT_REACHED' : 'FAVORITES.ERROR'))}</p>`,
          });
        },
      },
    );
  };
  return { signedIn: Boolean(token), on, busy: toggle.isPending, press };
}
