// A dialog's write: the server's message as a success toast and the dialog closed, or the refusal
// kept to show inside the dialog (not a toast that disappears while the person fixes the form).
import { useState } from 'react';
import { apiErrorMessage } from '@/api/api-error';
import { toast } from './toast';

export function useDialogWrite<I>(write: (input: I) => Promise<string | undefined>, fallback: string, onDone: () => void) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (input: I) => {
    setBusy(true);
    setProblem(null);
    try {
      toast.success((await write(input)) ?? 'Đã lưu');
      onDone();
    } catch (error) {
      setProblem(apiErrorMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { run, problem, busy, setProblem };
}
