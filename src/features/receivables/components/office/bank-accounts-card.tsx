/**
 * The company's bank accounts (bank/api/card/): the bank from the NAPAS list, the account number
 * checked where it is typed and again by the server, the holder's name as banks print it; the
 * default one is printed as VietQR on orders and receipts, shown here as a sample.
 */
import { Badge, Button, Card, Checkbox, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BANKS, accountNumberProblem, bankPaths, holderName, type BankAccountRecord } from '@contract/receivables-banks';
import { apiRequest } from '@/api/client';
import { DialogActions } from '@/ui/dialog-actions';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemLine } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { useBankAccounts } from '@/features/receivables/api/bank-api';
import { receivableKeys } from '@/features/receivables/api/receivable-api';
import { VietQrBlock } from '../viet-qr';

const BANK_OPTIONS = BANKS.map((bank) => ({ value: bank.bin, label: `${bank.short_name} – ${bank.name}` }));

function AccountDialog({ companyId, account, onClose }: { companyId: number; account: BankAccountRecord | null; onClose: () => void }) {
  const client = useQueryClient();
  const [bin, setBin] = useState<string | null>(account?.bank_bin ?? null);
  const [number, setNumber] = useState(account?.account_number ?? '');
  const [name, setName] = useState(account?.account_name ?? '');
  const [branch, setBranch] = useState(account?.branch ?? '');
  const [isDefault, setDefault] = useState(account?.is_default ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  const typed = number.replace(/[\s.-]/g, '');
  const numberProblem = typed ? accountNumberProblem(typed) : null;
  const save = useMutation({
    mutationFn: () =>
      apiRequest(account ? bankPaths.card(account.id) : bankPaths.cards, {
        method: account ? 'PUT' : 'POST',
        body: {
          company: companyId,
          bank_bin: bin ?? '',
          account_number: typed,
          account_name: name,
          branch: branch || null,
          is_default: isDefault,
        },
        redirectOnForbidden: false,
      }),
    onSuccess: (answer) => {
      toast.success(answer.message ?? 'Đã lưu tài khoản ngân hàng');
      void client.invalidateQueries({ queryKey: receivableKeys.all(companyId) });
      onClose();
    },
    onError: (error) => setProblem(error instanceof Error ? error.message : 'Không lưu được tài khoản'),
  });
  return (
    <ResponsiveModal
      phoneFullScreen={false}
      opened
      onClose={onClose}
      title={account ? 'Sửa tài khoản ngân hàng' : 'Thêm tài khoản ngân hàng'}
      centered
    >
      <Stack gap="sm">
        <Select
          label="Ngân hàng"
          withAsterisk
          searchable
          data={BANK_OPTIONS}
          value={bin}
          onChange={setBin}
          nothingFoundMessage="Không có ngân hàng phù hợp"
          data-testid="bank-select"
        />
        <TextInput
          label="Số tài khoản"
          withAsterisk
          value={number}
          onChange={(event) => setNumber(event.currentTarget.value)}
          error={numberProblem}
          inputMode="numeric"
          data-testid="bank-number"
        />
        <TextInput
          label="Chủ tài khoản"
          withAsterisk
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          description={name ? `In trên mã: ${holderName(name)}` : undefined}
          data-testid="bank-holder"
        />
        <TextInput label="Chi nhánh" value={branch} onChange={(event) => setBranch(event.currentTarget.value)} />
        <Checkbox
          label="Tài khoản mặc định (in mã VietQR)"
          checked={isDefault}
          onChange={(event) => setDefault(event.currentTarget.checked)}
        />
        <ProblemLine problem={problem} />
        <DialogActions
          onCancel={onClose}
          label="Lưu"
          busy={save.isPending}
          disabled={!bin || !typed || numberProblem !== null || !name.trim()}
          onConfirm={() => save.mutate()}
          testId="bank-save"
        />
      </Stack>
    </ResponsiveModal>
  );
}

export function BankAccountsCard({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const accounts = useBankAccounts(companyId);
  const client = useQueryClient();
  const [editing, setEditing] = useState<BankAccountRecord | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiRequest(bankPaths.card(id), { method: 'DELETE', query: { company: companyId }, redirectOnForbidden: false }),
    onSuccess: () => {
      toast.success('Đã xóa tài khoản ngân hàng');
      void client.invalidateQueries({ queryKey: receivableKeys.all(companyId) });
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : 'Không xóa được'),
  });
  const preferred = accounts.data?.find((account) => account.is_default) ?? null;
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>Tài khoản ngân hàng</Title>
          {canEdit && (
            <Button size="xs" onClick={() => setEditing('new')} data-testid="bank-add">
              Thêm tài khoản
            </Button>
          )}
        </Group>
        {!accounts.data ? (
          <LoadingBlock />
        ) : accounts.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Chưa có tài khoản ngân hàng: thêm một tài khoản để in mã VietQR trên đơn hàng và phiếu thu.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table withTableBorder fz="sm" data-testid="bank-rows">
              <Table.Tbody>
                {accounts.data.map((account) => (
                  <Table.Tr key={account.id}>
                    <Table.Td>
                      <b>{account.bank_name}</b> · {account.account_number} {account.is_default && <Badge size="xs">Mặc định</Badge>}
                      <Text size="xs">
                        {account.account_name}
                        {account.branch ? ` · ${account.branch}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {canEdit && (
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Button size="compact-xs" variant="subtle" onClick={() => setEditing(account)}>
                            Sửa
                          </Button>
                          <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove.mutate(account.id)}>
                            Xóa
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {preferred && <VietQrBlock companyId={companyId} account={preferred} amount={0} purpose="Thanh toan cong no" size={140} />}
      </Stack>
      {editing && <AccountDialog companyId={companyId} account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
