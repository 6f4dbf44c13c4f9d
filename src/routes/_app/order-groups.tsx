import { createFileRoute } from '@tanstack/react-router';
import { comingSoonPage } from '../../app/coming-soon-page';

export const Route = createFileRoute('/_app/order-groups')(comingSoonPage({ title: 'Đơn hàng gộp', feature: 'GROUP-ORDER' }));
