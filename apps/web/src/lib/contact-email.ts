import { useStartup } from '../api/use-startup';

/**
 * The broadcaster's contact mailbox (registration's legal notice, the newsletter opt-in): the
 * structure document's `parameters.email`, else contact@ the site's own host.
 */
export function useContactEmail(): string {
  const { structure } = useStartup();
  const configured = structure?.parameters['email'];
  return configured && configured.includes('@') ? configured : `contact@${window.location.hostname}`;
}
