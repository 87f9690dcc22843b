import { escapeHtml } from '../../lib/html';
import type { PopupOptions, PopupResult } from './popup-store';

/** The 4 digits of a parental PIN. */
export const PIN_PATTERN = /^\d{4}$/;

export interface PinPromptTexts {
  title: string;
  /** The explanation, plain text (escaped here). */
  message: string;
  /** The code field's label. */
  label: string;
  /** Shown for anything but 4 digits, and when `submit` says the code is wrong. */
  invalid: string;
}

/**
 * The parental PIN dialog (the popup's masked code variant, as the player asks it): `submit(code)`
 * sends a well-formed code and answers null when it opened what it guards, `'invalid'` when the
 * code is wrong (the dialog stays, saying so), or another text to show. Resolves to whether it
 * went through (false: cancelled).
 */
export async function promptParentalPin(
  open: (options: PopupOptions) => Promise<PopupResult>,
  texts: PinPromptTexts,
  submit: (code: string) => Promise<'invalid' | string | null>,
): Promise<boolean> {
  const { validated } = await open({
    title: texts.title,
    html: `<p>${escapeHtml(texts.message)}</p>`,
    code: { label: texts.label, masked: true },
    cancel: true,
    check: async (code) => {
      if (!code || !PIN_PATTERN.test(code)) return texts.invalid;
      const failure = await submit(code);
      return failure === 'invalid' ? texts.invalid : failure;
    },
  });
  return validated;
}
