import { createTheme } from '@mui/material/styles';

/** Light and dark schemes; the chosen mode is remembered in local storage under this key. */
export const THEME_MODE_STORAGE_KEY = 'medref-theme-mode';

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: { light: true, dark: true },
  shape: { borderRadius: 8 },
});
