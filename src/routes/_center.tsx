import { createFileRoute } from '@tanstack/react-router';
import { CenterLayout } from '@/app/layout/center-layout';

export const Route = createFileRoute('/_center')({ component: CenterLayout });
