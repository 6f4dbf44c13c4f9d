import { Alert, Loader, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { Address } from '@contract/address';
import type { Account, UpdateAccountInput } from '@contract/auth';
import { accountQueries, saveAddress, updateAccount } from '@/features/auth/api/account-api';
import { AccountEditForm } from '@/features/auth/components/account-edit-form';
import { AvatarField } from '@/features/auth/components/avatar-field';
import { setUserAccount, useSession } from '@/session/session-store';
import { toast } from '@/ui/toast';

export const Route = createFileRoute('/_app/my-account/edit')({
  staticData: { title: 'Sửa thông tin' },
  component: EditAccountPage,
});

function EditAccountPage() {
  const { account: stored } = useSession();
  const id = stored?.id ?? 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ ...accountQueries.detail(id), enabled: Boolean(stored) });
  const remember = (account: Account) => {
    queryClient.setQueryData(accountQueries.detail(id).queryKey, account);
    setUserAccount(account);
  };
  const save = useMutation({
    // The details, then the address by units (address/{id}/), which also writes its one-line form.
    mutationFn: async ({ input, address }: { input: UpdateAccountInput; address: Address }) => {
      await updateAccount(id, input);
      return saveAddress(id, address);
    },
    onSuccess: (account) => {
      remember(account);
      toast.success('Cập nhật thông tin thành công');
      void navigate({ to: '/my-account' });
    },
    onError: (error) => toast.error(error.message),
  });

  if (query.isPending) return <Loader />;
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  return (
    <Stack maw={560}>
      <AvatarField account={query.data} onChanged={remember} />
      <AccountEditForm
        account={query.data}
        saving={save.isPending}
        onSave={(input, address) => save.mutate({ input, address })}
        onCancel={() => void navigate({ to: '/my-account' })}
      />
    </Stack>
  );
}
