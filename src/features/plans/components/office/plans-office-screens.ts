/** The plans screens, one file fetched when first opened (../plan-screens.tsx). */
export { CompanyPlanView } from './company-plan-view';
export { PackageAdminView } from './package-admin-view';
