/**
 * A record's details or form opened beside its list: from the right, over the whole screen on a
 * phone (./use-is-mobile.ts), and its close button named "Đóng" for assistive technology.
 */
import { Drawer, type DrawerProps } from '@mantine/core';
import { useIsMobile } from './use-is-mobile';

type Props = Omit<DrawerProps, 'position' | 'size'> & {
  /** Its width on a wider screen. */
  width: DrawerProps['size'];
};

export function SideDrawer({ width, ...props }: Props) {
  const isMobile = useIsMobile();
  return <Drawer position="right" size={isMobile ? '100%' : width} closeButtonProps={{ 'aria-label': 'Đóng' }} {...props} />;
}
