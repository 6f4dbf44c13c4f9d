/** "Nhận thông báo trên thiết bị này": Web Push for this browser, where it allows it (../model/push-subscription.ts). */
import { Alert, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { apiErrorMessage } from '@/api/api-error';
import { pushState, startPush, stopPush, type PushState } from '../model/push-subscription';

const EXPLAIN: Record<Exclude<PushState, 'on' | 'off'>, string> = {
  unsupported:
    'Trình duyệt này không nhận được thông báo đẩy (trên iPhone, hãy thêm ứng dụng vào Màn hình chính). Chuông thông báo vẫn tự cập nhật khi ứng dụng đang mở.',
  denied: 'Bạn đã chặn thông báo của ứng dụng trong trình duyệt. Hãy cho phép lại trong phần cài đặt trang web để bật.',
};

export function PushToggle() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void pushState().then(setState);
  }, []);
  if (state === null) return null;
  if (state === 'unsupported' || state === 'denied') {
    return (
      <Alert color="gray" variant="light" data-testid="push-unavailable">
        <Text size="sm">{EXPLAIN[state]}</Text>
      </Alert>
    );
  }

  async function toggle(on: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      if (on) setState(await startPush());
      else {
        await stopPush();
        setState('off');
      }
    } catch (error) {
      setProblem(apiErrorMessage(error, 'Không bật được thông báo trên thiết bị này'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <Switch
        checked={state === 'on'}
        disabled={busy}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        label="Nhận thông báo trên thiết bị này"
        description="Cả khi ứng dụng đang đóng"
      />
      {problem && (
        <Text size="sm" c="red" role="alert" mt={4}>
          {problem}
        </Text>
      )}
    </div>
  );
}
