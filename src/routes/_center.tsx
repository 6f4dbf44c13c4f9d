import { createFileRoute } from '@tanstack/react-router';
import { CenterLayout } from '../app/layout/simple-layouts';

export const Route = createFileRoute('/_center')({ component: CenterLayout });
