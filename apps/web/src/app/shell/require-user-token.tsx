import type { ComponentType } from 'react';
import { Navigate } from '../../lib/router';
import { useUserToken } from '../../state/session-store';

/** A page for signed-in users only (/mycontent): a visitor without a token goes to /login. */
export function RequireUserToken({ page: Page }: { page: ComponentType }) {
  const token = useUserToken();
  return token ? <Page /> : <Navigate to="/login" replace />;
}
