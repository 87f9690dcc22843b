/** The US pay-TV provider sign-in (issue 19, ADR 0041): see README.md. */
export type { MediaTokenCheck, TvProviderAdapter, VerifiedMediaToken } from './adapter.js';
export { tvProviderRoutes, type TvProviderRoutesOptions } from './routes.js';
export { TvProviderService, MAX_MEDIA_TOKEN_LENGTH } from './service.js';
export {
  addSubscriber,
  listSubscribers,
  removeSubscriber,
  SubscriberError,
  TEST_DISTRIBUTOR_ID,
  TestDistributor,
  testDistributorPaths,
} from './test-distributor.js';
export { DEMO_TV_SUBSCRIBER, seedDemoTvSubscriber } from './demo-subscriber.js';
