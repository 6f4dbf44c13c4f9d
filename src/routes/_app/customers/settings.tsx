import { createFileRoute } from '@tanstack/react-router';
import { comingSoonPage } from '../../../app/coming-soon-page';

export const Route = createFileRoute('/_app/customers/settings')(comingSoonPage({ title: 'Cấu hình cấp độ khách hàng' }));
