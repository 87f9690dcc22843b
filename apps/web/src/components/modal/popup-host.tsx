import { lazy, Suspense } from 'react';
import { usePopupStore } from './popup-store';

/** The dialog's code (react-aria, DOMPurify) is fetched the first time a popup opens, not with the shell. */
const PopupDialog = lazy(() => import('./popup-dialog'));

/**
 * Shows the popup opened with `usePopup().open()`. Mounted once per layout (MainShell,
 * BareLayout); renders nothing until a popup is open.
 */
export function PopupHost() {
  const open = usePopupStore((state) => state.current !== undefined && state.current !== null);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PopupDialog />
    </Suspense>
  );
}
