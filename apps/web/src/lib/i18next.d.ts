import type fr from '../../public/locales/fr.json';

// Translation keys are checked against the French file, the reference language.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof fr };
  }
}
