import type { BootMessages } from '../../lib/boot-messages';
import styles from './startup-error.module.css';

/** Shown instead of a blank page when the app cannot start (the config could not be loaded). */
export function StartupError({ messages, onRetry }: { messages: BootMessages; onRetry: () => void }) {
  return (
    <main className={styles.screen}>
      <div className={styles.box} role="alert" aria-labelledby="startup-error-title">
        <h1 id="startup-error-title" className={styles.title}>
          {messages.errorTitle}
        </h1>
        <p>{messages.errorText}</p>
        <button type="button" className={styles.retry} onClick={onRetry}>
          {messages.retry}
        </button>
      </div>
    </main>
  );
}
