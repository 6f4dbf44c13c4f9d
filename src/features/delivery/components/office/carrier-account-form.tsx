/**
 * Connecting a carrier account (connecttransportpartner/): the environment (the carrier's own, its
 * sandbox, or the local simulator that needs no account), the carrier's identifiers in its words
 * (GHN: Shop ID and Token; GHTK: partner code and API token; Viettel Post: user name and password,
 * exchanged once for its token), and where it picks up. The secret is sent once and never shown
 * again; left blank on a reconnect, the stored one is kept. Also self delivery (connectaccountkafa/):
 * its flat fee and who carries.
 */
import { MultiSelect, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  CARRIER_LABELS,
  ENVIRONMENT_LABELS,
  ENVIRONMENTS,
  type ApiCarrier,
  type CarrierAccountRecord,
  type CarrierEnvironment,
  type SenderAddress,
} from '@contract/delivery';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemAlert } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { WholeAmountInput } from '@/ui/whole-amount-input';
import { ApiError } from '@/api/api-error';
import { deliveryError, useDeliveryWrites, type Shipper } from '@/features/delivery/api/delivery-api';
import { ResponsiveModal } from '@/ui/responsive-modal';

const WORDS: Record<ApiCarrier, { key: string; keyHint: string; secret: string }> = {
  ghn: { key: 'Shop ID', keyHint: 'Mã cửa hàng trên khachhang.ghn.vn', secret: 'Token API' },
  ghtk: { key: 'Mã đối tác (X-Client-Source)', keyHint: 'Mã đối tác GHTK cấp khi kết nối API', secret: 'API Token' },
  vtp: { key: 'Tên đăng nhập', keyHint: 'Tài khoản đăng nhập partner.viettelpost.vn', secret: 'Mật khẩu' },
};

const EMPTY_SENDER: SenderAddress = { name: '', phone: '', address: '', province: '', district: '', ward: '' };

function SenderFields({
  value,
  onChange,
  fields,
}: {
  value: SenderAddress;
  onChange: (next: SenderAddress) => void;
  fields: Record<string, string>;
}) {
  const set = (key: keyof SenderAddress) => (event: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...value, [key]: event.currentTarget.value });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Tên người gửi / kho"
        value={value.name}
        onChange={set('name')}
        error={fields['sender.name']}
        withAsterisk
        maxLength={120}
        data-testid="sender-name"
      />
      <TextInput
        label="Số điện thoại lấy hàng"
        value={value.phone}
        onChange={set('phone')}
        error={fields['sender.phone']}
        withAsterisk
        maxLength={11}
        data-testid="sender-phone"
      />
      <TextInput
        label="Địa chỉ lấy hàng"
        value={value.address}
        onChange={set('address')}
        error={fields['sender.address']}
        withAsterisk
        maxLength={255}
        data-testid="sender-address"
      />
      <TextInput
        label="Phường / xã"
        value={value.ward}
        onChange={set('ward')}
        error={fields['sender.ward']}
        withAsterisk
        maxLength={80}
        data-testid="sender-ward"
      />
      <TextInput
        label="Tỉnh / thành phố"
        value={value.province}
        onChange={set('province')}
        error={fields['sender.province']}
        withAsterisk
        maxLength={80}
        data-testid="sender-province"
      />
      <TextInput label="Quận / huyện (địa chỉ cũ, nếu hãng cần)" value={value.district} onChange={set('district')} maxLength={80} />
    </SimpleGrid>
  );
}

/** Saving a form: busy while it runs, the server's message and field errors when refused, a toast and `done` when saved. */
function useSave(send: () => Promise<{ message?: string }>, failure: string, done: () => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  async function save() {
    setBusy(true);
    setProblem(null);
    setFields({});
    try {
      const answer = await send();
      toast.success(answer.message ?? 'Đã lưu');
      done();
    } catch (error) {
      setProblem(deliveryError(error, failure));
      if (error instanceof ApiError) setFields(error.fields);
    } finally {
      setBusy(false);
    }
  }
  return { save, busy, problem, fields };
}

type FormProps = {
  companyId: number;
  carrier: ApiCarrier;
  existing: CarrierAccountRecord | null;
  sender: SenderAddress | null;
  onClose: () => void;
};

export function CarrierAccountForm({ companyId, carrier, existing, sender, onClose }: FormProps) {
  const writes = useDeliveryWrites(companyId);
  const words = WORDS[carrier];
  const [environment, setEnvironment] = useState<CarrierEnvironment>(existing?.environment ?? 'sandbox');
  const [accountKey, setAccountKey] = useState(existing?.account_key ?? '');
  const [token, setToken] = useState('');
  const [label, setLabel] = useState(existing?.label ?? '');
  const [from, setFrom] = useState<SenderAddress>(existing?.sender ?? sender ?? EMPTY_SENDER);
  const { save, busy, problem, fields } = useSave(
    () => writes.connect({ carrier, environment, account_key: accountKey, token: token || null, label: label || null, sender: from }),
    'Không kết nối được',
    onClose,
  );

  return (
    <ResponsiveModal opened onClose={onClose} title={`${existing ? 'Kết nối lại' : 'Kết nối'} ${CARRIER_LABELS[carrier]}`} size="lg">
      <Stack gap="sm" data-testid="carrier-form">
        <Select
          label="Môi trường"
          data={ENVIRONMENTS.map((value) => ({ value, label: ENVIRONMENT_LABELS[value] }))}
          value={environment}
          onChange={(value) => value && setEnvironment(value as CarrierEnvironment)}
          allowDeselect={false}
          data-testid="carrier-environment"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={words.key}
            description={words.keyHint}
            value={accountKey}
            onChange={(event) => setAccountKey(event.currentTarget.value)}
            error={fields.account_key}
            withAsterisk
            maxLength={80}
            disabled={existing !== null}
            data-testid="carrier-account-key"
          />
          <PasswordInput
            label={words.secret}
            description={existing ? 'Để trống để giữ thông tin đã lưu' : 'Chỉ gửi một lần, được mã hóa và không hiển thị lại'}
            value={token}
            onChange={(event) => setToken(event.currentTarget.value)}
            error={fields.token}
            withAsterisk={!existing}
            maxLength={500}
            data-testid="carrier-token"
          />
        </SimpleGrid>
        <TextInput
          label="Tên gợi nhớ"
          placeholder="Để trống: lấy tên cửa hàng tại hãng"
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          maxLength={120}
        />
        <SenderFields value={from} onChange={setFrom} fields={fields} />
        <ProblemAlert problem={problem} testId="carrier-problem" />
        <DialogActions onCancel={onClose} label="Kiểm tra và lưu" onConfirm={() => void save()} busy={busy} testId="carrier-save" />
      </Stack>
    </ResponsiveModal>
  );
}

type SelfProps = {
  companyId: number;
  existing: CarrierAccountRecord | null;
  shippers: Shipper[];
  sender: SenderAddress | null;
  onClose: () => void;
};

export function SelfDeliveryForm({ companyId, existing, shippers, sender, onClose }: SelfProps) {
  const writes = useDeliveryWrites(companyId);
  const [fee, setFee] = useState(String(existing?.self_fee ?? 20_000));
  const [chosen, setChosen] = useState<string[]>((existing?.shipper_ids ?? []).map(String));
  const [from, setFrom] = useState<SenderAddress>(existing?.sender ?? sender ?? EMPTY_SENDER);
  const { save, busy, problem, fields } = useSave(
    () => writes.saveSelf({ fee: Number(fee || 0), shipper_ids: chosen.map(Number), sender: from }),
    'Không lưu được',
    onClose,
  );

  return (
    <ResponsiveModal opened onClose={onClose} title="Giao hàng bằng nhân viên công ty" size="lg">
      <Stack gap="sm" data-testid="self-form">
        <WholeAmountInput label="Phí giao mỗi đơn" value={fee} onChange={setFee} suffix=" ₫" max={10_000_000} data-testid="self-fee" />
        <MultiSelect
          label="Nhân viên giao hàng"
          placeholder="Chọn nhân viên"
          data={shippers.map((person) => ({ value: String(person.id), label: `${person.name} · ${person.phone}` }))}
          value={chosen}
          onChange={setChosen}
          searchable
          data-testid="self-shippers"
        />
        <SenderFields value={from} onChange={setFrom} fields={fields} />
        <ProblemAlert problem={problem} />
        <DialogActions onCancel={onClose} label="Lưu" onConfirm={() => void save()} busy={busy} testId="self-save" />
      </Stack>
    </ResponsiveModal>
  );
}
