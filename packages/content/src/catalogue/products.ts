import type { Product } from './types.js';

/** The offers publications refer to: every monetisation type (most titles are free or with ads). */
export function demoProducts(): Product[] {
  return [
    { id: 'gratuit', name: 'Gratuit', monetisationType: 'Free', maxAds: 0 },
    { id: 'gratuit-pub', name: 'Gratuit avec publicité', monetisationType: 'Advertising', maxAds: 2 },
    { id: 'location', name: 'Location 48 heures', monetisationType: 'Transactional', maxAds: 0 },
    { id: 'achat', name: 'Achat définitif', monetisationType: 'ElectronicSellThrough', maxAds: 0 },
    { id: 'abonnement', name: 'Abonnement Antenne Monde+', monetisationType: 'Subscription', maxAds: 0 },
    // A live package of two channels (Afrique, Sport) beside the four of `abonnement` (channels.ts).
    {
      id: 'option-sport-afrique',
      name: 'Option Sport & Afrique',
      monetisationType: 'Subscription',
      maxAds: 0,
    },
    { id: 'rattrapage', name: 'Replay 7 jours', monetisationType: 'Catchup', maxAds: 1 },
  ];
}
