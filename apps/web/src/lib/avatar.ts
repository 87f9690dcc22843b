import type { Avatar } from '@antenne/contract';

/**
 * A profile's picture from what its `avatar` property holds: an avatar id of the config's
 * avatars, or an address (absolute, or rooted at the site). Undefined when there is none.
 */
export function avatarImage(
  value: string | null | undefined,
  avatars: readonly Avatar[] | undefined,
): string | undefined {
  if (!value) return undefined;
  return (
    avatars?.find((avatar) => avatar.id === value)?.url ?? (/^(https?:)?\//.test(value) ? value : undefined)
  );
}
