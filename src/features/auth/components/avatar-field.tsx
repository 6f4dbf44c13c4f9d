/**
 * One's picture on /my-account/edit: chosen from the device (JPEG, PNG or WebP, at most 2 MB, as
 * product images), sent at once, shown from the server with the token; or removed.
 */
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MAX_AVATAR_BYTES, type Account } from '@contract/auth';
import { apiErrorMessage } from '@/api/api-error';
import { AuthedImage } from '@/ui/authed-image';
import { toast } from '@/ui/toast';
import { removeAvatar, uploadAvatar } from '../api/account-api';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export function AvatarField({ account, onChanged }: { account: Account; onChanged: (account: Account) => void }) {
  const [busy, setBusy] = useState(false);
  const run = async (write: () => Promise<{ account: Account; message?: string }>) => {
    setBusy(true);
    try {
      const answer = await write();
      onChanged(answer.account);
      toast.success(answer.message ?? 'Đã cập nhật ảnh đại diện');
    } catch (error) {
      toast.error(apiErrorMessage(error, 'Không cập nhật được ảnh đại diện'));
    } finally {
      setBusy(false);
    }
  };
  const pick = (file: File | null) => {
    if (!file) return;
    if (!TYPES.includes(file.type)) return toast.error('Vui lòng chọn ảnh JPEG, PNG hoặc WebP');
    if (file.size > MAX_AVATAR_BYTES) return toast.error(`Ảnh không được quá ${MAX_AVATAR_BYTES / (1024 * 1024)} MB`);
    void run(() => uploadAvatar(account.id, file));
  };
  return (
    <Group gap="md" data-testid="avatar-field">
      {account.avatar_url ? (
        <AuthedImage path={account.avatar_url} alt="Ảnh đại diện" size={72} />
      ) : (
        <Avatar size={72} radius="xl" color="teal">
          {account.full_name.split(' ').at(-1)?.charAt(0) ?? '?'}
        </Avatar>
      )}
      <Stack gap={4}>
        <Group gap="xs">
          <FileButton onChange={pick} accept={TYPES.join(',')}>
            {(props) => (
              <Button {...props} variant="light" size="xs" loading={busy} data-testid="avatar-pick">
                {account.avatar_url ? 'Đổi ảnh' : 'Tải ảnh lên'}
              </Button>
            )}
          </FileButton>
          {account.avatar_url && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              disabled={busy}
              onClick={() => void run(async () => ({ account: await removeAvatar(account.id), message: 'Đã xóa ảnh đại diện' }))}
            >
              Xóa ảnh
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          JPEG, PNG hoặc WebP, tối đa 2 MB
        </Text>
      </Stack>
    </Group>
  );
}
