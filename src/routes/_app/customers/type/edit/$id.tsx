import { createFileRoute } from '@tanstack/react-router';
import { comingSoonPage } from '../../../../../app/coming-soon-page';

export const Route = createFileRoute('/_app/customers/type/edit/$id')(comingSoonPage({ title: 'Sửa nhóm khách hàng' }));
