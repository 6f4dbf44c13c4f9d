import { createFileRoute } from '@tanstack/react-router';
import { comingSoonPage } from '../../app/coming-soon-page';

export const Route = createFileRoute('/_app/transport')(comingSoonPage({ title: 'Đơn vận chuyển', feature: 'DLO' }));
