// A screen's own call (a form's send, a preview): busy while it runs, and its refusal kept to show
// beside the form in Vietnamese (the server's message, else the fallback) until the next attempt.
import { useState } from 'react';
import { apiErrorMessage } from '@/api/api-error';

export function useBusyWork(fallback: string) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(apiErrorMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { run, problem, busy, setProblem };
}
