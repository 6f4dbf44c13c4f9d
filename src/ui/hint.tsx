/**
 * A tooltip that loads after the page's first paint (src/ui/after-first-paint.tsx): its child shows
 * at once and gets the tooltip a moment later. Mantine's tooltip brings the floating-ui library,
 * which nothing on a first screen needs before a pointer rests on something.
 */
import type { TooltipProps } from '@mantine/core';
import { afterFirstPaint } from './after-first-paint';

export const Hint = afterFirstPaint<TooltipProps>(
  () => import('./hint-tooltip'),
  ({ children }) => children,
);
