import type { TFunction } from 'i18next';
import { EMAIL_PATTERN } from '@antenne/contract';
import { isIdentityError, requestPasswordReset } from '../../api/identity';
import type { usePopup } from '../../components/modal';
import { escapeHtml } from '../../lib/html';
import { translatedError } from './account-errors';
import { errorCode } from './sign-in';

/**
 * "Mot de passe oublié ?" (spec part 1 §2): the address in a popup, the reset mail asked for, then
 * the same answer whether or not an account exists; only a refusal to try is shown.
 */
export async function askPasswordReset(popup: ReturnType<typeof usePopup>, t: TFunction): Promise<void> {
  const { validated, code } = await popup.open({
    title: t('LOGIN.FORGOT_TITLE'),
    html: `<p>${escapeHtml(t('LOGIN.FORGOT_TEXT'))}</p>`,
    code: { label: t('LOGIN.EMAIL') },
    cancel: true,
    check: async (value) => {
      const address = (value ?? '').trim();
      if (!EMAIL_PATTERN.test(address)) return t('ERROR.ERROR_EMAIL_FORMAT');
      try {
        await requestPasswordReset(address);
        return null;
      } catch (error) {
        const failure = errorCode(error);
        // The same answer whether or not an account exists: only a refusal to try is shown.
        if (
          failure === 'TOO_MANY_ATTEMPTS_TRY_LATER' ||
          failure === 'NETWORK' ||
          failure === 'UNTRUSTED_ORIGIN'
        )
          return translatedError(t, failure);
        if (isIdentityError(error) && error.status >= 500) return t('ERROR.GENERIC');
        return null;
      }
    },
  });
  if (validated && code !== undefined) {
    void popup.open({
      title: t('LOGIN.FORGOT_TITLE'),
      html: `<p>${escapeHtml(t('LOGIN.RESET_SENT'))}</p>`,
    });
  }
}
