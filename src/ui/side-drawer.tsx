/**
 * A record's details or form opened beside its list: from the right, over the whole screen on a
 * phone, and its close button named "Đóng" for assistive technology.
 */
import { Drawer, type DrawerProps } from '@mantine/core';

type Props = Omit<DrawerProps, 'position' | 'size'> & {
  /** Its width on a wider screen. */
  width: DrawerProps['size'];
  /** Over the whole screen (a phone). */
  fullScreen: boolean;
};

export function SideDrawer({ width, fullScreen, ...props }: Props) {
  return <Drawer position="right" size={fullScreen ? '100%' : width} closeButtonProps={{ 'aria-label': 'Đóng' }} {...props} />;
}
