import { createTheme, rem, type CSSVariablesResolver } from '@mantine/core';
import { foldedOptionsFilter } from '@/ui/folded-options-filter';

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
  },
});

/**
 * Text that passes WCAG AA (4.5:1). Secondary text ("dimmed") one shade darker than Mantine's gray 6
 * (3.3:1 on white). Orange and yellow are light even at shade 9 (4.3:1 and 3.0:1 on white, 3.6:1 on
 * their own light badge background), so their text, light-variant text and outlines use darker
 * tones of the same hue: 5.7:1 and 6.0:1 on white, 4.8:1 and 5.0:1 on the light backgrounds.
 */
const ORANGE_TEXT = '#b83d0d';
const YELLOW_TEXT = '#995000';

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-orange-text': ORANGE_TEXT,
    '--mantine-color-orange-light-color': ORANGE_TEXT,
    '--mantine-color-orange-outline': ORANGE_TEXT,
    '--mantine-color-yellow-text': YELLOW_TEXT,
    '--mantine-color-yellow-light-color': YELLOW_TEXT,
    '--mantine-color-yellow-outline': YELLOW_TEXT,
  },
  dark: {},
});
