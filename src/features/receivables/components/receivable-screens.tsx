/** The office's screens and dialogs, fetched when first opened (src/ui/online-screen.tsx); the rest of the feature is precached. */
import { loadedWhenShown, onlineScreen } from '@/ui/online-screen';

export const ReceivablesHubScreen = onlineScreen(
  () => import('./office/receivables-office-hub').then((module) => module.ReceivablesHub),
  'công nợ',
);

export const StatementScreen = onlineScreen(
  () => import('./office/statement-view').then((module) => module.StatementView),
  'đối chiếu công nợ',
);

export const LimitDialog = loadedWhenShown(
  () => import('./office/credit-limit-dialog').then((module) => module.CreditLimitDialog),
  () => null,
);
