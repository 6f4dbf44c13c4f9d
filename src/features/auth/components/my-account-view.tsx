/** The signed-in person's own account (/my-account): profile, workspace, and account actions. */
import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconKey, IconLogout } from '@tabler/icons-react';
import type { Account } from '@contract/auth';
import { formatDate } from '@/lib/dates';
import { EmailVerification } from './email-verification';
import { Fact } from '@/ui/fact';

type Props = {
  account: Account;
  companyTitle: string | null;
  onEdit: () => void;
  onChangePassword: () => void;
  onSignOut: () => void;
  /** Leave this workspace for the list of companies (the only way on a phone). */
  onSwitchCompany: () => void;
  /** Phones stack the actions full width (the header's dots menu holds them too). */
  isMobile: boolean;
};

export function MyAccountView({ account, companyTitle, onEdit, onChangePassword, onSignOut, onSwitchCompany, isMobile }: Props) {
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Group wrap="nowrap">
          <Avatar size={64} radius="xl" color="teal">
            {account.full_name.split(' ').at(-1)?.charAt(0)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Title order={3} data-testid="account-name">
              {account.full_name}
            </Title>
            <Text c="dimmed">{account.phone}</Text>
            <Badge variant="light" mt={4}>
              {account.account_type_data.title}
            </Badge>
          </div>
        </Group>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <EmailVerification account={account} />
          <Fact strong blank="—" label="Ngày sinh">
            {account.birthday ? formatDate(account.birthday) : null}
          </Fact>
          <Fact strong blank="—" label="Giới tính">
            {account.gender}
          </Fact>
          <Fact strong blank="—" label="Địa chỉ">
            {account.address}
          </Fact>
          <div>
            <Fact strong blank="—" label="Công ty đang làm việc">
              {companyTitle}
            </Fact>
            <Button size="compact-sm" variant="light" mt={4} onClick={onSwitchCompany}>
              Chọn công ty khác
            </Button>
          </div>
          <Fact strong blank="—" label="Số công ty tham gia">
            {String(account.company_data.length)}
          </Fact>
        </SimpleGrid>
      </Card>
      {/* In sight on a phone too: a person looking for "Đăng xuất" should not have to find the ⋮ menu. */}
      {isMobile ? (
        <Stack gap="xs">
          <AccountActions onEdit={onEdit} onChangePassword={onChangePassword} onSignOut={onSignOut} fullWidth />
        </Stack>
      ) : (
        <Group>
          <AccountActions onEdit={onEdit} onChangePassword={onChangePassword} onSignOut={onSignOut} />
        </Group>
      )}
    </Stack>
  );
}

function AccountActions({
  onEdit,
  onChangePassword,
  onSignOut,
  fullWidth = false,
}: Pick<Props, 'onEdit' | 'onChangePassword' | 'onSignOut'> & { fullWidth?: boolean }) {
  return (
    <>
      <Button leftSection={<IconEdit size={16} />} onClick={onEdit} fullWidth={fullWidth}>
        Sửa thông tin
      </Button>
      <Button variant="default" leftSection={<IconKey size={16} />} onClick={onChangePassword} fullWidth={fullWidth}>
        Đổi mật khẩu
      </Button>
      <Button
        variant={fullWidth ? 'light' : 'subtle'}
        color="red"
        leftSection={<IconLogout size={16} />}
        onClick={onSignOut}
        fullWidth={fullWidth}
      >
        Đăng xuất
      </Button>
    </>
  );
}
