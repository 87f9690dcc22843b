import { create } from 'zustand';

/** What a popup shows (spec part 1 §2, Modal popup). Texts are already translated. */
export interface PopupOptions {
  title: string;
  /** Light HTML (strong, p, i, br, a), sanitised before display. */
  html?: string;
  /** Plain text, shown as a paragraph before `html` (no escaping needed). */
  text?: string;
  /** An optional link under the detail (opens in a new tab). */
  link?: { href: string; label: string };
  /** An error text shown from the start (e.g. after a failed attempt). */
  error?: string;
  /** A code input; `masked` makes it a password field (PIN entry). */
  code?: { label: string; masked?: boolean };
  /** Validate button text; defaults to the translated "Valider". */
  validateLabel?: string;
  /** Shows a Cancel button (with this text, or the translated "Annuler" when true). */
  cancel?: boolean | string;
  /**
   * Checked on Validate: answer an error text to keep the popup open and show it, or nothing
   * to close it (e.g. a wrong parental PIN).
   */
  check?: (code: string | undefined) => string | null | undefined | Promise<string | null | undefined>;
}

export interface PopupResult {
  validated: boolean;
  code?: string;
}

interface OpenPopup {
  id: number;
  options: PopupOptions;
  resolve: (result: PopupResult) => void;
}

interface PopupState {
  current: OpenPopup | null;
  open: (options: PopupOptions) => Promise<PopupResult>;
  /** Closes the current popup with `result`. */
  close: (result: PopupResult) => void;
}

let nextId = 1;

/** One popup at a time: opening another dismisses the current one (resolved as not validated). */
export const usePopupStore = create<PopupState>()((set, get) => ({
  current: null,
  open: (options) =>
    new Promise<PopupResult>((resolve) => {
      get().current?.resolve({ validated: false });
      set({ current: { id: nextId++, options, resolve } });
    }),
  close: (result) => {
    const { current } = get();
    if (!current) return;
    set({ current: null });
    current.resolve(result);
  },
}));

/** `open(options)` shows a popup and resolves once it is validated or dismissed. */
export function usePopup() {
  const open = usePopupStore((state) => state.open);
  const close = usePopupStore((state) => state.close);
  return { open, close };
}

/** The same, outside React. */
export const openPopup = (options: PopupOptions) => usePopupStore.getState().open(options);
