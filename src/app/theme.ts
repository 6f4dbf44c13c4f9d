import { createTheme, rem, type CSSVariablesResolver } from '@mantine/core';
import { foldedOptionsFilter } from '@/ui/folded-options-filter';

const PAGER_ARROWS = { first: 'Trang đầu', previous: 'Trang trước', next: 'Trang sau', last: 'Trang cuối' } as const;

/**
 * Spec §9: inputs are 45 px high by default; teal is the brand colour of the app. Pickers search
 * without diacritics, like the rest of the app.
 */
export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9: white text on it, and it as text on white, pass WCAG AA (4.5:1); shade 7 was 3.1:1.
  primaryShade: 9,
  // Each platform's UI font (Segoe UI on Windows, Roboto on Android, Helvetica Neue on Apple), all
  // with Vietnamese. A family the device lacks is looked up again for every new size and weight:
  // "Be Vietnam Pro", named first here but never shipped, made /dashboard's first layout 21 ms
  // rather than 13–17 (server/login-shell.ts uses the same stack).
  fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    TextInput: { defaultProps: { size: 'md' }, styles: { input: { height: rem(45) } } },
    PasswordInput: { defaultProps: { size: 'md' }, styles: { input: { height: rem(45) }, innerInput: { height: rem(45) } } },
    Select: { defaultProps: { size: 'md', filter: foldedOptionsFilter } },
    MultiSelect: { defaultProps: { filter: foldedOptionsFilter } },
    Autocomplete: { defaultProps: { filter: foldedOptionsFilter } },
    NumberInput: { defaultProps: { size: 'md' } },
    // A badge is a status or a count: squeezed in a row it showed as an empty circle or a cut word.
    Badge: { styles: { root: { flexShrink: 0 } } },
    // Every dialog's and drawer's close button is named (WCAG 4.1.2): an icon alone says nothing to a screen reader.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Đóng' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Đóng' } } },
    // A table wider than a phone scrolls sideways: its scroll box takes focus, so the keyboard can scroll it too.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // The pager's arrows are icons too: each says which page it leads to.
    Pagination: { defaultProps: { getControlProps: (control: keyof typeof PAGER_ARROWS) => ({ 'aria-label': PAGER_ARROWS[control] }) } },
  },
});

/**
 * Text that passes WCAG AA (4.5:1) on white, on the table's light grey and on the colour's own light
 * background (a light badge or button is shade 9 on shade 1), measured by axe-core in
 * tests/e2e/accessibility.test.ts. Mantine's shade 9 misses for some hues: teal 4.3:1 on teal 1, green
 * 3.8:1 on green 1 and 4.4:1 on white, orange 4.3:1 and yellow 3.0:1 on white, lime 3.7:1. Those take
 * darker tones of the same hue for text, light variants, outlines (and green's and orange's filled,
 * under white text: the check-out button); red's light variant is 4.51:1, so it takes one too.
 * Placeholders (grey 5, 2.1:1) and secondary text ("dimmed", grey 6, 3.3:1) are darker greys.
 */
const AA_TONES = {
  teal: '#0a6b50',
  green: '#1e6b2e',
  lime: '#3c6e0a',
  orange: '#b83d0d',
  yellow: '#995000',
  red: '#b02525',
} as const;

const toneVariables = Object.fromEntries(
  Object.entries(AA_TONES).flatMap(([color, tone]) => [
    [`--mantine-color-${color}-text`, tone],
    [`--mantine-color-${color}-light-color`, tone],
    [`--mantine-color-${color}-outline`, tone],
  ]),
);

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...toneVariables,
    '--mantine-color-green-filled': AA_TONES.green,
    '--mantine-color-orange-filled': AA_TONES.orange,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': '#5f676f',
  },
  dark: {},
});
