import { createFileRoute } from '@tanstack/react-router';
import { CardLayout } from '@/app/layout/simple-layouts';

export const Route = createFileRoute('/_card')({ component: CardLayout });
