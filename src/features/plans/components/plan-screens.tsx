/**
 * The plans screens (./office): the company's package page and the system administrator's packages
 * and vouchers, loaded when first opened (scripts/office-chunks.ts keeps them out of the offline precache).
 */
import type { ComponentType } from 'react';
import { onlineScreen } from '@/ui/online-screen';

const office = <P extends object>(load: () => Promise<ComponentType<P>>) => onlineScreen(load, 'gói dịch vụ');
const screens = () => import('./office/plans-office-screens');

export const CompanyPlanView = office(() => screens().then((module) => module.CompanyPlanView));
export const PackageAdminView = office(() => screens().then((module) => module.PackageAdminView));
