import { createFileRoute } from '@tanstack/react-router';
import { comingSoonPage } from '../../../app/coming-soon-page';

export const Route = createFileRoute('/_app/reports/orders')(comingSoonPage({ title: 'Báo cáo đơn hàng', feature: 'REPORT-ORDER-REVENUA' }));
