/**
 * "Cài đặt ứng dụng": the browser's install dialog where it offers one (Chromium), the steps to
 * add the app to the Home Screen on iOS, and nothing when the app already runs installed.
 */
import { Button, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconShare2, IconSquarePlus } from '@tabler/icons-react';
import { promptInstall, useInstallState } from './install-prompt';

export { captureInstallPrompt } from './install-prompt';

export function InstallApp() {
  const state = useInstallState();
  if (state === 'prompt') {
    return (
      <Button variant="light" leftSection={<IconDownload size={18} />} onClick={() => void promptInstall()} data-testid="install-app">
        Cài đặt ứng dụng
      </Button>
    );
  }
  if (state === 'ios') return <IosInstallSteps />;
  return null;
}

function IosInstallSteps() {
  return (
    <Paper withBorder p="md" radius="md" data-testid="install-app-ios">
      <Stack gap="xs">
        <Text fw={600}>Cài đặt ứng dụng lên iPhone/iPad</Text>
        <List type="ordered" spacing={6} size="sm">
          <List.Item>
            Trong Safari, nhấn nút <b>Chia sẻ</b>{' '}
            <ThemeIcon variant="light" size="sm" aria-hidden>
              <IconShare2 size={14} />
            </ThemeIcon>{' '}
            ở thanh công cụ.
          </List.Item>
          <List.Item>
            Chọn <b>Thêm vào Màn hình chính</b>{' '}
            <ThemeIcon variant="light" size="sm" aria-hidden>
              <IconSquarePlus size={14} />
            </ThemeIcon>
            .
          </List.Item>
          <List.Item>
            Nhấn <b>Thêm</b>.
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Sau đó mở ứng dụng từ biểu tượng Sales Field trên Màn hình chính và đăng nhập lại ở đó: dữ liệu trong Safari không được chuyển
          sang ứng dụng.
        </Text>
      </Stack>
    </Paper>
  );
}
