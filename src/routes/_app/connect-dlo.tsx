import { createFileRoute } from '@tanstack/react-router';
import { comingSoonPage } from '../../app/coming-soon-page';

export const Route = createFileRoute('/_app/connect-dlo')(comingSoonPage({ title: 'Kết nối giao vận', feature: 'DLO' }));
