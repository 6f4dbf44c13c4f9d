import { createFileRoute } from '@tanstack/react-router';
import { comingSoonPage } from '../../../app/coming-soon-page';

export const Route = createFileRoute('/_app/reports/region')(comingSoonPage({ title: 'Báo cáo khu vực', feature: 'REPORT-REGION' }));
