import { createTheme, rem } from '@mantine/core';
import { foldedOptionsFilter } from '../ui/folded-options-filter';

/**
 * Spec §9: inputs are 45 px high by default; teal is the brand colour of the app. Pickers search
 * without diacritics, like the rest of the app.
 */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 7,
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
