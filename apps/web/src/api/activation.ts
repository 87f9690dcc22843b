import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  activationPaths,
  queryKeys,
  type ActivationCodeResponse,
  type ConfigWeb,
  type DeviceRegistration,
  type LoginResponse,
} from '@antenne/contract';
import { api } from './client';
import { useStartup } from './use-startup';

/**
 * Device activation (issue 18; spec part 1 §7; Exposure notes §10): the big screen's code and
 * poll, and the confirmation a signed-in person makes on /activation.
 */

type Bu = Pick<ConfigWeb, 'customer' | 'businessUnit' | 'exposureBaseUrl'>;

/** `GET userActivation/activationCode` (no session): `{ code, expires }`. */
export function getActivationCode(
  config: Bu,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ActivationCodeResponse> {
  return api.get<ActivationCodeResponse>(activationPaths.activationCode(config), {
    baseUrl: config.exposureBaseUrl,
    noCache: true,
    signal,
  });
}

/** One code per screen: never refetched on its own; the screen asks for a new one when it expires. */
export const activationCodeQueryOptions = (config: Bu) =>
  queryOptions({
    queryKey: queryKeys.activationCode(),
    queryFn: ({ signal }) => getActivationCode(config, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: 1,
  });

export function useActivationCode() {
  const { config } = useStartup();
  return useQuery(activationCodeQueryOptions(config));
}

/**
 * `POST userActivation/consume`, the big screen's poll: a LoginResponse once the code is
 * confirmed; 401 CODE_NOT_CONFIRMED before; 400 INVALID_ACTIVATION_CODE for a dead code.
 */
export function consumeActivationCode(
  config: Bu,
  activationCode: string,
  device: DeviceRegistration,
): Promise<LoginResponse> {
  return api.post<LoginResponse>(
    activationPaths.consume(config),
    { activationCode, device },
    { baseUrl: config.exposureBaseUrl },
  );
}

/** `PUT user/activation/confirm/{code}` with the user's session: 200, or 400 INVALID_ACTIVATION_CODE. */
export function confirmActivationCode(config: Bu, token: string, code: string): Promise<unknown> {
  return api.put<unknown>(activationPaths.confirm(config, code), undefined, {
    baseUrl: config.exposureBaseUrl,
    token,
    lenientBody: true,
  });
}
