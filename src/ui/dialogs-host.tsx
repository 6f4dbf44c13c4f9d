/**
 * Mantine's ModalsProvider for the confirm dialogs (confirm-dialog.tsx). It sits beside the page,
 * not around it: dialogs are opened by window events, so the page needs no context from it, and
 * the layouts load it after their first paint (src/app/layout/dialogs-host.tsx) instead of
 * making every cold start wait for the modal code.
 */
import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { dialogHostMounted } from './confirm-dialog';

/** Rendered after the provider: effects run in tree order, so its listeners are on when this one runs. */
function HostMounted() {
  useEffect(() => dialogHostMounted(), []);
  return null;
}

export default function DialogsHost() {
  return (
    <>
      <ModalsProvider labels={{ confirm: 'Xác nhận', cancel: 'Đóng lại' }} />
      <HostMounted />
    </>
  );
}
