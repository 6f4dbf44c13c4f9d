import { createFileRoute } from '@tanstack/react-router';
import { comingSoonPage } from '../../../app/coming-soon-page';

export const Route = createFileRoute('/_app/reports/customer')(comingSoonPage({ title: 'Báo cáo khách hàng', feature: 'REPORT-CUSTOMER' }));
