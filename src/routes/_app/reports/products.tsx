import { createFileRoute } from '@tanstack/react-router';
import { comingSoonPage } from '../../../app/coming-soon-page';

export const Route = createFileRoute('/_app/reports/products')(comingSoonPage({ title: 'Báo cáo sản phẩm', feature: 'REPORT-PRODUCT' }));
