import { createFileRoute } from '@tanstack/react-router';
import { comingSoonPage } from '../../app/coming-soon-page';

export const Route = createFileRoute('/_app/area')(comingSoonPage({ title: 'Khu vực' }));
