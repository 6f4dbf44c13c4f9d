import { createFileRoute } from '@tanstack/react-router';
import { comingSoonPage } from '../../../app/coming-soon-page';

export const Route = createFileRoute('/_app/reports/employee')(comingSoonPage({ title: 'Báo cáo nhân viên', feature: 'REPORT-STAFF' }));
