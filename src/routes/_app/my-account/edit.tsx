import { Alert, Loader } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { UpdateAccountInput } from '@contract/auth';
import { accountQueries, updateAccount } from '@/features/auth/api/account-api';
import { AccountEditForm } from '@/features/auth/components/account-edit-form';
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
  const save = useMutation({
    mutationFn: (input: UpdateAccountInput) => updateAccount(id, input),
    onSuccess: (account) => {
      queryClient.setQueryData(accountQueries.detail(id).queryKey, account);
      setUserAccount(account);
      toast.success('Cập nhật thông tin thành công');
      void navigate({ to: '/my-account' });
    },
    onError: (error) => toast.error(error.message),
  });

  if (query.isPending) return <Loader />;
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  return (
    <AccountEditForm
      account={query.data}
      saving={save.isPending}
      onSave={(input) => save.mutate(input)}
      onCancel={() => void navigate({ to: '/my-account' })}
    />
  );
}
