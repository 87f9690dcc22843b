import type { ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

/** The CSS classes of a form's fields (each form keeps its own look). */
export interface FieldClasses {
  field?: string;
  label?: string;
  input?: string;
  /** The row holding the input and its adornment. */
  row?: string;
  description?: string;
  error?: string;
}

export interface TextFieldProps extends Omit<
  AriaTextFieldProps,
  'children' | 'className' | 'isInvalid' | 'validationBehavior'
> {
  label: string;
  /**
   * The field's own error, shown under it and named by the input's description. An empty string
   * marks the field invalid without a text of its own (a message of the form says why).
   */
  error?: string;
  /** Invalid without an error of its own (the form's message, linked by `aria-describedby`). */
  invalid?: boolean;
  /** Help under the field (the input's description). */
  description?: ReactNode;
  placeholder?: string;
  /** Beside the input, in its row (an information button). */
  adornment?: ReactNode;
  classes: FieldClasses;
}

/**
 * One text field of the account forms (sign-in, reset, registration, change email or password,
 * profiles): React Aria's TextField, so the label, the description, the error and aria-invalid
 * are tied to the input without hand-written ids. Validation is the form's (validationBehavior aria).
 */
export function TextField({
  label,
  error,
  invalid,
  description,
  placeholder,
  adornment,
  classes,
  ...field
}: TextFieldProps) {
  const input = <Input className={classes.input} placeholder={placeholder} />;
  return (
    <AriaTextField
      {...field}
      className={classes.field}
      isInvalid={invalid ?? error !== undefined}
      validationBehavior="aria"
    >
      <Label className={classes.label}>{label}</Label>
      {classes.row ? (
        <div className={classes.row}>
          {input}
          {adornment}
        </div>
      ) : (
        <>
          {input}
          {adornment}
        </>
      )}
      {description ? (
        <Text slot="description" className={classes.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={classes.error}>{error || null}</FieldError>
    </AriaTextField>
  );
}
