// A dialog's write: the server's message as a success toast and the dialog closed, or the refusal
// kept to show inside the dialog (not a toast that disappears while the person fixes the form).
import { toast } from './toast';
import { useBusyWork } from './use-busy-work';

export function useDialogWrite<I>(write: (input: I) => Promise<string | undefined>, fallback: string, onDone: () => void) {
  const work = useBusyWork(fallback);
  const run = (input: I) =>
    work.run(async () => {
      toast.success((await write(input)) ?? 'Đã lưu');
      onDone();
    });
  return { ...work, run };
}
