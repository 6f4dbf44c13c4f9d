/**
 * The server cache (TanStack Query) for the screens that read the server. The layouts that need it
 * (workspace, centred pages, print) wrap their pages in it; /login does not, so the cache library
 * is not in the sign-in page's download (its budget, docs/performance.md: 160 kB of JavaScript for /login).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { appQueryClient } from './query-client';

export function QueryLayer({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
