import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AuthProvider } from '@/features/auth/AuthProvider';
import { NotificationsProvider } from './NotificationsProvider';
import type { AppStore } from './store';
import { THEME_MODE_STORAGE_KEY, theme } from './theme';

/** Everything but the router: the store, the theme, notifications and the session. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme} modeStorageKey={THEME_MODE_STORAGE_KEY}>
        <CssBaseline />
        <NotificationsProvider>
          <AuthProvider>{children}</AuthProvider>
        </NotificationsProvider>
      </ThemeProvider>
    </Provider>
  );
}
