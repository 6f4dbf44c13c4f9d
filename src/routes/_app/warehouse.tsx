import { createFileRoute } from '@tanstack/react-router';
import { comingSoonPage } from '../../app/coming-soon-page';

export const Route = createFileRoute('/_app/warehouse')(comingSoonPage({ title: 'Quản lý kho', feature: 'WAREHOUSE' }));
