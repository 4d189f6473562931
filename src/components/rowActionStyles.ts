import type { CSSObject, Theme } from '@mui/material/styles';

/** The class of a row's action button (RowAction), which the theme styles in every DataGrid. */
export const ROW_ACTION_CLASS = 'MedRef-rowAction';

/**
 * A row action's look, as MUI's small IconButton's: for the DataGrid's root in the theme, so the
 * grid's style sheet holds it once instead of each button serialising its own.
 */
export function rowActionStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars ?? theme;
  return {
    [`& .${ROW_ACTION_CLASS}`]: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      padding: 5,
      margin: 0,
      border: 0,
      borderRadius: '50%',
      outline: 0,
      backgroundColor: 'transparent',
      color: palette.action.active,
      fontSize: theme.typography.pxToRem(18),
      cursor: 'pointer',
      transition: theme.transitions.create('background-color', {
        duration: theme.transitions.duration.shortest,
      }),
      '&:hover': { backgroundColor: palette.action.hover },
      '&:focus-visible': { backgroundColor: palette.action.focus },
    },
  };
}
