import { useId, useMemo, useState, type FormEvent } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { sanitizePopupHtml } from './sanitize';
import { usePopupStore, type PopupOptions, type PopupResult } from './popup-store';
import styles from './popup.module.css';

/**
 * The open popup (see popup-host.tsx, which loads this module the first time one opens). A
 * react-aria modal dialog: focus is trapped inside and restored on close, Escape and a click
 * outside dismiss it (as Cancel) unless it has no Cancel button.
 */
export default function PopupDialog() {
  const current = usePopupStore((state) => state.current);
  const close = usePopupStore((state) => state.close);
  if (!current) return null;
  const dismissable = Boolean(current.options.cancel);
  return (
    <ModalOverlay
      isOpen
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      onOpenChange={(isOpen) => {
        if (!isOpen) close({ validated: false });
      }}
      className={styles.overlay}
    >
      <Modal className={styles.modal}>
        {/* keyed: a new popup starts with an empty code and its own error */}
        <Popup key={current.id} options={current.options} onClose={close} />
      </Modal>
    </ModalOverlay>
  );
}

function Popup({ options, onClose }: { options: PopupOptions; onClose: (result: PopupResult) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState(options.error);
  const [checking, setChecking] = useState(false);
  const html = useMemo(() => (options.html ? sanitizePopupHtml(options.html) : ''), [options.html]);
  const codeId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = options.code ? code : undefined;
    if (options.check) {
      setChecking(true);
      const problem = await options.check(value);
      setChecking(false);
      if (problem) {
        setError(problem);
        return;
      }
    }
    onClose(value === undefined ? { validated: true } : { validated: true, code: value });
  };

  const cancelLabel = typeof options.cancel === 'string' ? options.cancel : t('POPUP.CANCEL');

  return (
    <Dialog className={styles.dialog} role="dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Heading slot="title" className={styles.title}>
          {options.title}
        </Heading>
        {options.text && <p className={styles.detail}>{options.text}</p>}
        {html && (
          // Sanitised above: strong, p, i, br and a only.
          <div className={styles.detail} dangerouslySetInnerHTML={{ __html: html }} />
        )}
        {options.link && (
          <p className={styles.detail}>
            <a href={options.link.href} target="_blank" rel="noopener noreferrer" className={styles.link}>
              {options.link.label}
            </a>
          </p>
        )}
        {options.code && (
          <div className={styles.field}>
            <label htmlFor={codeId} className={styles.label}>
              {options.code.label}
            </label>
            <input
              id={codeId}
              className={styles.input}
              type={options.code.masked ? 'password' : 'text'}
              inputMode={options.code.masked ? 'numeric' : undefined}
              autoComplete="off"
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
        )}
        {error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.buttons}>
          {options.cancel && (
            <button type="button" className={styles.secondary} onClick={() => onClose({ validated: false })}>
              {cancelLabel}
            </button>
          )}
          <button type="submit" className={styles.primary} disabled={checking}>
            {options.validateLabel ?? t('POPUP.VALIDATE')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
