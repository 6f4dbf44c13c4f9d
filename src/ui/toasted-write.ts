// A write started from a confirmation (openConfirm's onOk) or a button: what it answers as a success
// toast, why it failed as an error toast. True when it went through, so a confirmation closes only then.
import type { ReactNode } from 'react';
import { toast } from './toast';

export async function toastedWrite(write: () => Promise<ReactNode>, failure: (error: unknown) => string): Promise<boolean> {
  try {
    const message = await write();
    if (message) toast.success(message);
    return true;
  } catch (error) {
    toast.error(failure(error));
    return false;
  }
}
