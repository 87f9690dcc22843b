import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TV_PROVIDER_REQUIRED, type PlayResponse } from '@antenne/contract';
import { isApiError, isSessionRejection } from '../../../api/client';
import { requestPlay } from '../../../api/playback';
import { useStartup } from '../../../api/use-startup';
import { escapeHtml } from '../../../lib/html';
import { pageReload } from '../../../lib/page-reload';
import { rememberReturnTo } from '../../../lib/return-to';
import { useNavigate } from '../../../lib/router';
import { isPayTvCountry, providerTokenFacility, signedInWithProvider } from '../../../lib/tv-provider';
import { useSessionStore } from '../../../state/session-store';
import type { PlayerPopup } from './use-player-popup';

/** Play call errors with their own message (PLAYER.ERRORS.<code>); other 403s get the generic one. */
const PLAY_ERRORS_WITH_MESSAGE = new Set([
  'NOT_ENTITLED',
  'GEO_BLOCKED',
  'NOT_PUBLISHED',
  'LICENSE_EXPIRED',
  'NOT_AVAILABLE_IN_FORMAT',
]);

interface Options {
  /** The asset id, without a `redbee:` prefix. */
  assetId: string;
  popup: PlayerPopup;
  leave: () => void;
  /** Any other failure (network, 5xx): the player's error path. */
  fail: (error: unknown) => void;
}

/**
 * The play call (spec part 2 §4) and its refusals: 401 asks to sign in (then /login, and back
 * here afterwards) unless the shell already handles a rejected session; each 403 its popup, then
 * the player is left; PARENTAL_PIN_REQUIRED asks for the parental PIN until it is right or
 * cancelled. Answers the granted play response, null until then (or when refused).
 *
 * A US visitor (spec part 2 §4) plays with a pay-TV provider token only: without one — or when
 * the server answers 403 NOT_ENTITLED / TV_PROVIDER_REQUIRED — the same ask to sign in, with no
 * play call; when the browser cannot keep the token at all, the network-error popup, then home and
 * a reload.
 */
export function usePlayCall({ assetId, popup, leave, fail }: Options): PlayResponse | null {
  const { t } = useTranslation();
  const { config, location } = useStartup();
  const payTv = isPayTvCountry(location.country);
  const navigate = useNavigate();
  const [play, setPlay] = useState<PlayResponse | null>(null);
  const latest = useRef({ t, navigate, popup, leave, fail });
  useEffect(() => {
    latest.current = { t, navigate, popup, leave, fail };
  });

  useEffect(() => {
    const run = new AbortController();
    const { signal } = run;
    const ok = () => latest.current.t('PLAYER.OK');

    async function askPin(token: string | null): Promise<PlayResponse | null> {
      const { t } = latest.current;
      let granted: PlayResponse | undefined;
      let otherError: unknown;
      const answer = await latest.current.popup({
        title: t('PLAYER.PIN.TITLE'),
        html: `<p>${escapeHtml(t('PLAYER.PIN.MESSAGE'))}</p>`,
        code: { label: t('PLAYER.PIN.LABEL'), masked: true },
        cancel: true,
        check: async (code) => {
          if (!code || !/^\d{4}$/.test(code)) return t('popUp.invalidCode');
          try {
            granted = await requestPlay(config, assetId, { token, pin: code, signal });
            return null;
          } catch (error) {
            if (
              isApiError(error) &&
              (error.message === 'INVALID_PIN_CODE' || error.message === 'PARENTAL_PIN_REQUIRED')
            ) {
              return t('popUp.invalidCode');
            }
            // Any other answer closes the PIN popup and is handled as the play call's error.
            otherError = error;
            return null;
          }
        },
      });
      if (signal.aborted) return null;
      if (!answer.validated) {
        latest.current.leave();
        return null;
      }
      return granted ?? refused(otherError, token);
    }

    /** PLAYER.POPUP_LOGIN_TO_WATCH, then /login, which comes back here once signed in. */
    async function askToSignIn(): Promise<null> {
      await latest.current.popup({
        title: latest.current.t('PLAYER.POPUP_LOGIN_TO_WATCH'),
        validateLabel: ok(),
      });
      if (signal.aborted) return null;
      rememberReturnTo(`${window.location.pathname}${window.location.search}`);
      latest.current.navigate('/login', { replace: true });
      return null;
    }

    /** No way to keep the provider token: the network-error popup, then home and a reload. */
    async function noTokenFacility(): Promise<void> {
      const { t, popup } = latest.current;
      await popup({
        title: t('ERROR.ERROR_NETWORK_TITLE'),
        html: `<p>${escapeHtml(t('ERROR.NETWORK'))}</p>`,
        validateLabel: ok(),
      });
      if (signal.aborted) return;
      latest.current.navigate('/', { replace: true });
      pageReload.reload();
    }

    async function refused(error: unknown, token: string | null): Promise<PlayResponse | null> {
      if (signal.aborted) return null;
      const { t, popup } = latest.current;
      if (isApiError(error) && error.httpCode === 401) {
        // A session the server no longer accepts: the app shell offers to sign in again (and back here).
        if (token !== null && isSessionRejection(error)) return null;
        return askToSignIn();
      }
      if (isApiError(error) && error.httpCode === 403 && error.extendedMessage === TV_PROVIDER_REQUIRED) {
        // The server knows no provider behind this session: the stored token is of no use.
        useSessionStore.getState().setProviderToken(null);
        return askToSignIn();
      }
      if (isApiError(error) && error.message === 'PARENTAL_PIN_REQUIRED') return askPin(token);
      if (isApiError(error) && error.httpCode === 403) {
        const key = (PLAY_ERRORS_WITH_MESSAGE.has(error.message) ? error.message : 'GENERIC') as 'GENERIC';
        await popup({
          title: t(`PLAYER.ERRORS.${key}.TITLE`),
          html: `<p>${escapeHtml(t(`PLAYER.ERRORS.${key}.MESSAGE`))}</p>`,
          validateLabel: ok(),
        });
        if (!signal.aborted) latest.current.leave();
        return null;
      }
      latest.current.fail(error);
      return null;
    }

    if (payTv) {
      if (!providerTokenFacility()) {
        void noTokenFacility();
        return () => run.abort();
      }
      if (!signedInWithProvider(useSessionStore.getState())) {
        void askToSignIn();
        return () => run.abort();
      }
    }

    const token = useSessionStore.getState().token;
    requestPlay(config, assetId, { token, signal })
      .catch((error: unknown) => refused(error, token))
      .then(
        (granted) => {
          if (granted && !signal.aborted) setPlay(granted);
        },
        (error: unknown) => {
          if (!signal.aborted) latest.current.fail(error);
        },
      );
    return () => run.abort();
  }, [config, assetId, payTv]);

  return play;
}
