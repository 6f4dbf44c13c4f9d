/**
 * Completing an import with expired or short-dated lots asks first, naming those lines and where
 * each will land (model/receipt-expiry.ts). Used by the receipt form and the receipt's status
 * buttons. The dialog's message sits in a paragraph: only inline elements here.
 */
import { Text } from '@mantine/core';
import { openConfirm } from '@/ui/confirm-dialog';

export function ExpiryQuestion({ question, items }: { question: string; items: readonly string[] }) {
  return (
    <Text component="span" display="block" ta="left" data-testid="receipt-expiry-question">
      <Text component="span" display="block" fw={600}>
        Phiếu có {items.length} dòng hàng hết hạn hoặc cận hạn:
      </Text>
      {items.map((item) => (
        <Text key={item} component="span" display="block" size="sm" c="red">
          {item}
        </Text>
      ))}
      <Text component="span" display="block" size="sm" mt={6}>
        {question}
      </Text>
    </Text>
  );
}

/** Asks before completing; `onOk` runs only when confirmed. */
export function askExpiry(question: string, items: readonly string[], onOk: () => unknown): Promise<boolean> {
  return openConfirm({
    title: 'Hàng hết hạn hoặc cận hạn',
    message: <ExpiryQuestion question={question} items={items} />,
    okLabel: 'Vẫn hoàn thành',
    onOk: () => {
      void onOk();
      return true;
    },
  });
}
