/** The auth module's public face: what other modules, the composition root, seed data and tests use. */
export { loadAccountView } from './account-view';
export { accountRoutes, refreshRoutes } from './auth.routes';
export { revokeAllSessions } from './sessions';
export { clearSignInFailures } from './throttle';
export { isAvatarUpload } from './account-profile.routes';
export { configuredSender, SMS_CODE_JOB } from './sms-delivery';
