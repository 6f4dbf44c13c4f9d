/** Mantine's tooltip as the module src/ui/hint.tsx loads when a pointer first rests on a hinted element. */
import { Tooltip } from '@mantine/core';

export default Tooltip;
