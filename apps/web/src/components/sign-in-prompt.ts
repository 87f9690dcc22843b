import type { NavigateFunction } from '../lib/router';
import { openPopup } from './modal/popup-store';

export interface SignInPrompt {
  title: string;
  text: string;
  /** The sign-in button's label. */
  signIn: string;
  /** The in-app path the sign-in comes back to (lib/return-to.ts). */
  returnTo: string;
  navigate: NavigateFunction;
}

/**
 * Asks to sign in: a popup with Cancel (Escape and a click outside cancel too; focus goes back to
 * what had it) and a sign-in button, which remembers `returnTo` and opens /login, so the sign-in
 * comes back where the user was. Texts are translated by the caller. Resolves whether the user
 * chose to sign in.
 */
export async function askToSignIn({
  title,
  text,
  signIn,
  returnTo,
  navigate,
}: SignInPrompt): Promise<boolean> {
  const { validated } = await openPopup({
    title,
    text,
    validateLabel: signIn,
    cancel: true,
  });
  if (!validated) return false;
  // Fetched on use: the prompt's callers are on the first screen, whose JavaScript has a budget.
  const { rememberReturnTo } = await import('../lib/return-to');
  rememberReturnTo(returnTo);
  navigate('/login');
  return true;
}
