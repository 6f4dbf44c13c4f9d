/** Mantine's tooltip as the module src/ui/hint.tsx loads after the first paint. */
import { Tooltip } from '@mantine/core';

export default Tooltip;
