/**
 * The app's dialog: Mantine's Modal, filling the screen on a phone (the mobile layout's width,
 * src/ui/use-is-mobile.ts) and with its close button named "Đóng" for screen readers and the tests
 * that close it by name. Every other Modal prop passes through.
 */
import { Modal, type ModalProps } from '@mantine/core';
import { useIsMobile } from './use-is-mobile';

export type ResponsiveModalProps = Omit<ModalProps, 'fullScreen'>;

export function ResponsiveModal({ closeButtonProps, ...props }: ResponsiveModalProps) {
  const isMobile = useIsMobile();
  return <Modal fullScreen={isMobile} closeButtonProps={{ 'aria-label': 'Đóng', ...closeButtonProps }} {...props} />;
}
