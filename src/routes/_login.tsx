import { createFileRoute } from '@tanstack/react-router';
import { LoginLayout } from '@/app/layout/simple-layouts';

export const Route = createFileRoute('/_login')({ component: LoginLayout });
