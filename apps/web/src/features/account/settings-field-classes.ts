import type { FieldClasses } from './text-field';
import styles from './account-settings.module.css';

/** The fields of the account settings' forms and dialogs. */
export const settingsFieldClasses: FieldClasses = {
  field: styles.field,
  label: styles.label,
  input: styles.input,
  description: styles.help,
  error: styles.error,
};
