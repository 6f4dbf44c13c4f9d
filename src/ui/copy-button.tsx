/**
 * Copies a code or a link (a voucher, an order's code for a bank transfer, a shop's code) and says so
 * with the spec's words (product-spec.md §8: 'Bạn đã copy thành công.'). Where the Clipboard API is
 * refused (an old browser, a page not served securely) a hidden text area and execCommand do it.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { toast } from './toast';

export const COPIED_MESSAGE = 'Bạn đã copy thành công.';

function copyByCommand(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyByCommand(text);
  }
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <Tooltip label="Sao chép">
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={label}
        data-testid="copy-button"
        onClick={async () => {
          if (await copyText(value)) toast.success(COPIED_MESSAGE);
          else toast.error('Không sao chép được, vui lòng chọn và sao chép thủ công');
        }}
      >
        <IconCopy size={14} />
      </ActionIcon>
    </Tooltip>
  );
}
