/** The report pages in one file loaded on first use (../../report-screens.tsx); its chunk's name keeps it out of the precache (scripts/office-chunks.ts). */
export { CustomerReport } from './customer-report';
export { EmployeeReport } from './employee-report';
export { OrdersReport } from './orders-report';
export { ProductsReport } from './products-report';
export { PromotionsReport } from './promotions-report';
export { RegionReport } from './region-report';
export { ReportSettings } from './report-settings';
