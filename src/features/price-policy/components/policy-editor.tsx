/**
 * Creating or editing a price policy: title, customer group, level, discount on the list price,
 * priority, active flag, dates, note, and the items table (a variant found by search, one of its
 * units, a fixed price). Checked with the contract schema before sending; server field errors land
 * on the same inputs. Online only.
 */
import { Alert, Stack } from '@mantine/core';
import type { PricePolicyRecord } from '@contract/price-policy';
import type { AppDb } from '@/db/app-db';
import { DialogActions } from '@/ui/dialog-actions';
import { submitWith } from '@/ui/submit-with';
import { PolicyFields, PolicyItems } from './policy-editor-fields';
import { usePolicyEditor } from './use-policy-editor';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Props = {
  db: AppDb;
  companyId: number;
  /** undefined: closed; null: a new policy. */
  editing: PricePolicyRecord | null | undefined;
  onClose: () => void;
  groups: { value: string; label: string }[];
  levels: { value: string; label: string }[];
  online: boolean;
  isMobile: boolean;
};

export function PolicyEditor(props: Props) {
  if (props.editing === undefined) return null;
  return <PolicyEditorOpen key={props.editing?.id ?? 'new'} {...props} editing={props.editing} />;
}

function PolicyEditorOpen({
  db,
  companyId,
  editing,
  onClose,
  groups,
  levels,
  online,
  isMobile,
}: Props & { editing: PricePolicyRecord | null }) {
  const editor = usePolicyEditor({ db, companyId, editing, onClose, online });
  const { values, errors, set, disabled, saving } = editor;
  const fields = { values, errors, set, disabled };

  return (
    <ResponsiveModal
      opened
      onClose={onClose}
      title={editing ? 'Sửa chính sách giá' : 'Thêm chính sách giá'}
      size="xl"
      closeOnClickOutside={!saving}
    >
      <form onSubmit={submitWith(editor.save)} noValidate data-testid="policy-form">
        <Stack gap="sm">
          {!online && <Alert color="yellow">Cần kết nối mạng để lưu chính sách giá.</Alert>}
          <PolicyFields {...fields} groups={groups} levels={levels} isMobile={isMobile} />

          <PolicyItems
            {...fields}
            db={db}
            companyId={companyId}
            isMobile={isMobile}
            picked={editor.picked}
            onPick={editor.setPicked}
            onAdd={editor.addItem}
            variants={editor.variants}
          />
          <DialogActions onCancel={onClose} label="Lưu" busy={saving} disabled={!online} testId="policy-save" mt="sm" />
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
