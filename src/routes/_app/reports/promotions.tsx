import { createFileRoute } from '@tanstack/react-router';
import { comingSoonPage } from '../../../app/coming-soon-page';

export const Route = createFileRoute('/_app/reports/promotions')(comingSoonPage({ title: 'Báo cáo khuyến mại', feature: 'REPORT-PROMOTION' }));
