import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailsDialogProps } from './details-dialog';

const loadDialog = () => import('./details-dialog');
/** The overlay's code (React Aria's modal) is fetched when the button is first pointed at or pressed. */
const DetailsDialog = lazy(loadDialog);

/**
 * The Details button and its overlay. The button is a plain one, live as soon as the page is; the
 * dialog's code is not part of the details page's first load (docs/adr/0030).
 */
export function DetailsOverlay({
  triggerClassName,
  ...details
}: DetailsDialogProps & { triggerClassName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={triggerClassName}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
      >
        {t('DETAILS.MORE_DETAILS')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <DetailsDialog {...details} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
