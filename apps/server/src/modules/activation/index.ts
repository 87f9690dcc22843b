/** The activation module: device activation codes, their confirmation and consumption (see README.md). */
export { activationRoutes, type ActivationRoutesOptions } from './routes.js';
export {
  ActivationService,
  DEFAULT_ACTIVATION_LIMITS,
  type ActivationLimits,
  type ActivationServiceOptions,
} from './service.js';
