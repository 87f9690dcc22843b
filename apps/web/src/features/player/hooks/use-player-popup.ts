import { useCallback, useEffect, useRef } from 'react';
import { usePopup, usePopupStore, type PopupOptions, type PopupResult } from '../../../components/modal';

export type PlayerPopup = (options: PopupOptions) => Promise<PopupResult>;

/**
 * The player's popups (play refusals, the PIN, the network error): a popup still open when the
 * player goes away (another route, the next episode) is closed with it, unvalidated.
 */
export function usePlayerPopup(): PlayerPopup {
  const { open } = usePopup();
  const latest = useRef(open);
  const openCount = useRef(0);
  useEffect(() => {
    latest.current = open;
  });
  useEffect(
    () => () => {
      if (openCount.current > 0) usePopupStore.getState().close({ validated: false });
    },
    [],
  );
  return useCallback(async (options: PopupOptions) => {
    openCount.current++;
    try {
      return await latest.current(options);
    } finally {
      openCount.current--;
    }
  }, []);
}
