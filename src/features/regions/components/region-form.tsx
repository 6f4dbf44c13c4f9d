/**
 * Creating or editing a region: code, name, description and its provinces, picked from the 34 new
 * provinces and cities (the offline address files the address picker uses; search without
 * diacritics, "hcm", "binh duong"…). Provinces already in another region are shown with that
 * region's name and cannot be picked: a province belongs to one region only. The server checks it
 * again and its field messages land on the fields.
 */
import { MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { summarizeIssues } from '@contract/validation';
import { RegionInputSchema, type RegionRecord } from '@contract/regions';
import { ApiError } from '@/api/api-error';
import { toast } from '@/ui/toast';
import { addressData } from '@/ui/address/address-data';
import { indexProvinces, placeFilter } from '@/ui/address/place-filter';
import { useAddressFile } from '@/ui/address/use-address-data';
import { NoteField } from '@/ui/note-field';
import { useAllRegions, type RegionWrites } from '../api/region-api';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemAlert } from '@/ui/problem';
import { submitWith } from '@/ui/submit-with';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Props = {
  companyId: number;
  /** null: closed; 'new': a new region; a record: edit it. */
  editing: RegionRecord | 'new' | null;
  onClose: () => void;
  onSaved: (region: RegionRecord) => void;
  writes: RegionWrites;
  isMobile: boolean;
};

export function RegionFormModal({ editing, onClose, ...rest }: Props) {
  return (
    <ResponsiveModal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? 'Thêm khu vực' : 'Sửa khu vực'}
      centered
      size="lg"
    >
      {editing !== null && (
        <RegionForm key={editing === 'new' ? 'new' : editing.id} region={editing === 'new' ? null : editing} onClose={onClose} {...rest} />
      )}
    </ResponsiveModal>
  );
}

type Values = { code: string; name: string; description: string; provinces: string[] };
type Errors = Partial<Record<keyof Values, string>>;

function RegionForm({
  companyId,
  region,
  onClose,
  onSaved,
  writes,
}: Omit<Props, 'editing' | 'isMobile'> & { region: RegionRecord | null }) {
  const [values, setValues] = useState<Values>({
    code: region?.code ?? '',
    name: region?.name ?? '',
    description: region?.description ?? '',
    provinces: region?.provinces.map((province) => province.code) ?? [],
  });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const provinces = useAddressFile('provinces', addressData.provinces);
  const others = useAllRegions(companyId);

  const takenBy = useMemo(() => {
    const map = new Map<string, string>();
    for (const other of others.data?.rows ?? []) {
      if (other.id === region?.id) continue;
      for (const province of other.provinces) map.set(province.code, other.name);
    }
    return map;
  }, [others.data, region?.id]);

  const options = useMemo(
    () =>
      (provinces.data ?? []).map((province) => {
        const owner = takenBy.get(province.code);
        return { value: province.code, label: owner ? `${province.name} (thuộc ${owner})` : province.name, disabled: Boolean(owner) };
      }),
    [provinces.data, takenBy],
  );
  const filter = useMemo(() => placeFilter(indexProvinces(provinces.data ?? [])), [provinces.data]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async () => {
    setProblem(null);
    const input = {
      company: companyId,
      code: values.code,
      name: values.name,
      description: values.description,
      provinces: values.provinces,
    };
    const parsed = v.safeParse(RegionInputSchema, input);
    if (!parsed.success) {
      const { fields } = summarizeIssues(parsed.issues);
      setErrors({ code: fields.code, name: fields.name, description: fields.description, provinces: fields.provinces });
      return;
    }
    setBusy(true);
    try {
      const answer = await writes.save(region?.id ?? null, {
        code: values.code,
        name: values.name,
        description: values.description,
        provinces: values.provinces,
      });
      toast.success(answer.message ?? (region ? 'Cập nhật khu vực thành công' : 'Thêm khu vực thành công'));
      onSaved(answer.data);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = error.fields;
        const fieldErrors: Errors = {
          code: fields.code,
          name: fields.name,
          description: fields.description,
          provinces: fields.provinces ?? Object.entries(fields).find(([key]) => key.startsWith('provinces.'))?.[1],
        };
        setErrors(fieldErrors);
        // Several provinces taken: the field shows the first, the alert all of them.
        const anyField = Object.values(fieldErrors).some(Boolean);
        if (!anyField || (fieldErrors.provinces && error.message !== fieldErrors.provinces)) setProblem(error.message);
      } else {
        setProblem('Không lưu được khu vực, vui lòng thử lại');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submitWith(submit)}>
      <Stack gap="md" data-testid="region-form">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Mã khu vực"
            placeholder="VD: MN"
            withAsterisk
            value={values.code}
            onChange={(event) => set('code', event.currentTarget.value.toUpperCase())}
            error={errors.code}
            maxLength={20}
            data-testid="region-code"
          />
          <TextInput
            label="Tên khu vực"
            placeholder="VD: Miền Nam"
            withAsterisk
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            maxLength={255}
            data-testid="region-name"
          />
        </SimpleGrid>
        <NoteField
          label="Mô tả"
          maxRows={5}
          value={values.description}
          onChange={(text) => set('description', text)}
          error={errors.description}
          maxLength={1000}
        />
        <MultiSelect
          label="Tỉnh/thành phố"
          description="Theo đơn vị hành chính mới (34 tỉnh, thành phố). Khách hàng và đơn hàng thuộc khu vực theo địa chỉ."
          placeholder={values.provinces.length ? undefined : 'Chọn tỉnh/thành phố'}
          data={options}
          value={values.provinces}
          onChange={(next) => set('provinces', next)}
          filter={filter}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="Không tìm thấy tỉnh/thành phố"
          maxDropdownHeight={280}
          error={errors.provinces ?? provinces.error ?? undefined}
          disabled={provinces.loading}
          comboboxProps={{ withinPortal: true }}
          data-testid="region-provinces"
        />
        <ProblemAlert problem={problem} testId="region-problem" />
        <DialogActions
          onCancel={onClose}
          cancelLabel="Hủy"
          label={region ? 'Lưu thay đổi' : 'Thêm khu vực'}
          busy={busy}
          testId="region-save"
        />
      </Stack>
    </form>
  );
}
