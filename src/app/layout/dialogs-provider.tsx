/**
 * Confirm dialogs (openConfirm) need Mantine's ModalsProvider; it wraps the signed-in layouts only,
 * so the login page does not download dialog code it never shows.
 */
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';

export function DialogsProvider({ children }: { children: ReactNode }) {
  return <ModalsProvider labels={{ confirm: 'Xác nhận', cancel: 'Đóng lại' }}>{children}</ModalsProvider>;
}
