import type { Locale } from '@antenne/contract';

/**
 * The few texts shown before the translations have arrived (the loader) or when startup
 * failed (the error screen): they live in the bundle so they never depend on a fetch.
 */
export interface BootMessages {
  loading: string;
  errorTitle: string;
  errorText: string;
  retry: string;
}

export const bootMessages: Record<Locale, BootMessages> = {
  fr: {
    loading: 'Chargement',
    errorTitle: "L'application n'a pas pu démarrer",
    errorText: 'Vérifiez votre connexion à Internet, puis réessayez.',
    retry: 'Réessayer',
  },
  en: {
    loading: 'Loading',
    errorTitle: 'The application could not start',
    errorText: 'Check your Internet connection, then try again.',
    retry: 'Try again',
  },
  de: {
    loading: 'Wird geladen',
    errorTitle: 'Die Anwendung konnte nicht gestartet werden',
    errorText: 'Überprüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
  },
  es: {
    loading: 'Cargando',
    errorTitle: 'No se ha podido iniciar la aplicación',
    errorText: 'Comprueba tu conexión a Internet y vuelve a intentarlo.',
    retry: 'Reintentar',
  },
  ar: {
    loading: 'جارٍ التحميل',
    errorTitle: 'تعذّر تشغيل التطبيق',
    errorText: 'تحقّق من اتصالك بالإنترنت، ثم أعد المحاولة.',
    retry: 'إعادة المحاولة',
  },
};
