import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's MUI theme, made denser and quieter for a back office. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1f4e79', dark: '#163a5c', contrastText: '#fff' },
    secondary: { main: '#8a6d3b' },
    background: { default: '#f5f6f8', paper: '#fff' },
  },
  shape: { borderRadius: 4 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontSize: 13,
    button: { textTransform: 'none', fontWeight: 500 },
  },
  components: {
    ...defaultTheme.components,
    MuiButton: { defaultProps: { size: 'small' } },
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiTable: { defaultProps: { size: 'small' } },
    MuiMenuItem: { defaultProps: { dense: true } },
  },
};
