/** The company module's public face: what other modules, the composition root, seed data and tests use. */
export { companyRoutes } from './company.routes';
export { onboardingRoutes } from './onboarding.routes';
