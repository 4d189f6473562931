import { useCallback } from 'react';
import { useSnackbar } from 'notistack';
import { useSelector } from 'react-redux';
import { NETWORK_ERROR_MESSAGE } from '@/api/baseQuery';
import { env } from '@/config/env';
import { selectToken } from '@/session/authSlice';

/**
 * Downloads a whole filtered list as CSV (`downloadCsv`, ./csvDownload.ts, loaded on the first
 * export: every list page offers it, few use it). Resolves when the download has started; a
 * failure shows an error toast with the server's message and resolves.
 */
export function useCsvExport() {
  const token = useSelector(selectToken);
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async (
      path: string,
      params: Readonly<Record<string, string | undefined>>,
      fileName: string,
    ): Promise<void> => {
      const problem = await import('./csvDownload').then(
        ({ downloadCsv }) =>
          downloadCsv(path, params, fileName, {
            apiBaseUrl: env.apiBaseUrl,
            token,
            unreachable: NETWORK_ERROR_MESSAGE,
          }),
        // The code of the download could not be fetched: the server is out of reach.
        () => NETWORK_ERROR_MESSAGE,
      );
      if (problem) enqueueSnackbar(problem, { variant: 'error' });
    },
    [token, enqueueSnackbar],
  );
}
