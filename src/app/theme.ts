import { createTheme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';
import { rowActionStyles } from '@/components/rowActionStyles';

/** Light and dark schemes; the chosen mode is remembered in local storage under this key. */
export const THEME_MODE_STORAGE_KEY = 'medref-theme-mode';

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: { light: true, dark: true },
  shape: { borderRadius: 8 },
  components: {
    MuiDataGrid: { styleOverrides: { root: ({ theme }) => rowActionStyles(theme) } },
  },
});
