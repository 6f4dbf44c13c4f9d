/**
 * A tooltip whose code arrives with the first pointer that rests on its child; until then the child
 * renders alone. Mantine's tooltip brings the floating-ui library, and every one mounted adds its
 * hooks to a commit: the dashboard has eighteen, mounted together after its first paint (docs/performance.md's
 * blocking time), and a phone never hovers. For children that take no focus: once the tooltip has
 * loaded, the child renders again inside it.
 */
import type { TooltipProps } from '@mantine/core';
import { cloneElement, createElement, isValidElement, useState, type ComponentType, type PointerEvent } from 'react';

type ChildProps = { onPointerEnter?: (event: PointerEvent) => void; onPointerLeave?: (event: PointerEvent) => void };

/** Mantine's tooltip once any hint has loaded it: hints mounted after that take it at once. */
let loaded: ComponentType<TooltipProps> | null = null;

export function Hint(props: TooltipProps) {
  const [tooltip, setTooltip] = useState(() => loaded);
  // Whether the pointer is still on the child when the code arrives: the tooltip then opens at once.
  const [over, setOver] = useState(false);
  if (tooltip) return createElement(tooltip, { ...props, defaultOpened: over });
  const child = props.children;
  if (!isValidElement<ChildProps>(child)) return child;
  return cloneElement(child, {
    onPointerEnter: (event: PointerEvent) => {
      child.props.onPointerEnter?.(event);
      setOver(true);
      import('./hint-tooltip').then(
        (module) => {
          loaded = module.default;
          setTooltip(() => module.default);
        },
        // Offline before the app was cached: the child stays as it is.
        () => undefined,
      );
    },
    onPointerLeave: (event: PointerEvent) => {
      child.props.onPointerLeave?.(event);
      setOver(false);
    },
  });
}
