/**
 * The report pages (./pages), fetched when first opened and kept out of the offline precache
 * (scripts/office-chunks.ts: reports-office); the service worker keeps a copy once fetched (sw/sw.ts), so a
 * rep who opened their report online reads it offline later, with the figures of that fetch.
 */
import type { ComponentType } from 'react';
import { onlineScreen } from '@/ui/online-screen';
import type { ReportPageProps } from './report-page-props';

// One import for all of them: one file, fetched once.
const screens = () => import('./office/pages/reports-pages');
type Pages = Awaited<ReturnType<typeof screens>>;
const page = <P extends object = ReportPageProps>(pick: (module: Pages) => ComponentType<P>) =>
  onlineScreen<P>(() => screens().then(pick), 'báo cáo');

export const OrdersReportPage = page((module) => module.OrdersReport);
export const ProductsReportPage = page((module) => module.ProductsReport);
export const EmployeeReportPage = page((module) => module.EmployeeReport);
export const RegionReportPage = page((module) => module.RegionReport);
export const CustomerReportPage = page((module) => module.CustomerReport);
export const PromotionsReportPage = page((module) => module.PromotionsReport);
export const ReportSettingsPage = page<{ companyId: number }>((module) => module.ReportSettings);
