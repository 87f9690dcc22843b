import styles from './loader.module.css';

/** The whole-app spinner (spec part 1 §2): shown until the app is ready. */
export function Loader({ label }: { label: string }) {
  return (
    <div className={styles.loader} role="status" aria-label={label}>
      <span className={styles.spinner} aria-hidden="true" />
    </div>
  );
}
