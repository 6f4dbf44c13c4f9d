import { createTheme, rem, type CSSVariablesResolver } from '@mantine/core';
import { foldedOptionsFilter } from '../ui/folded-options-filter';

/**
 * Spec §9: inputs are 45 px high by default; teal is the brand colour of the app. Pickers search
 * without diacritics, like the rest of the app.
 */
export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9: white text on it, and it as text on white, pass WCAG AA (4.5:1); shade 7 was 3.1:1.
  primaryShade: 9,
  fontFamily: '"Be Vietnam Pro", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    TextInput: { defaultProps: { size: 'md' }, styles: { input: { height: rem(45) } } },
    PasswordInput: { defaultProps: { size: 'md' }, styles: { input: { height: rem(45) }, innerInput: { height: rem(45) } } },
    Select: { defaultProps: { size: 'md', filter: foldedOptionsFilter } },
    MultiSelect: { defaultProps: { filter: foldedOptionsFilter } },
    Autocomplete: { defaultProps: { filter: foldedOptionsFilter } },
    NumberInput: { defaultProps: { size: 'md' } },
  },
});

/** Secondary text ("dimmed") one shade darker than Mantine's gray 6 (3.3:1 on white) for AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
