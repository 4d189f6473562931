// Imports nothing of the console's: what it shares with the entry chunk would be split out of it.

/** Shown when an export fails without a message of its own. */
const EXPORT_FAILED_MESSAGE = 'The export failed. Please try again.';

/** The query string of a list request, without the parameters left out. */
function queryString(params: Readonly<Record<string, string | undefined>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(name, value);
  }
  return query.toString();
}

/** The error body's `message`, when the server sent one. */
async function refusal(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const { message } = body as { message: unknown };
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  } catch {
    // Not JSON: the status line says what happened.
  }
  return `Error: ${response.status} ${response.statusText}`.trim();
}

/** Hands `blob` to the browser as a download named `fileName`. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's downloads.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** What a download needs of the console: where the API is, the session's token, and words. */
export interface DownloadContext {
  apiBaseUrl: string;
  token: string | null;
  /** Said when the server cannot be reached. */
  unreachable: string;
}

/**
 * Downloads a whole filtered list as CSV: `GET <path>?format=csv&...` with the session's token
 * (the server streams every match, not one page), then saves it as `<fileName>.csv`. Resolves
 * when the download has started, with null, or with what went wrong (the server's message).
 * The file is fetched rather than linked because the API needs the bearer token.
 */
export async function downloadCsv(
  path: string,
  params: Readonly<Record<string, string | undefined>>,
  fileName: string,
  { apiBaseUrl, token, unreachable }: DownloadContext,
): Promise<string | null> {
  try {
    const response = await fetch(
      `${apiBaseUrl}${path}?${queryString({ ...params, format: 'csv' })}`,
      {
        headers: {
          Accept: 'text/csv',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      },
    );
    if (!response.ok) throw new Error(await refusal(response));
    saveBlob(await response.blob(), `${fileName}.csv`);
    return null;
  } catch (error) {
    // fetch rejects with a TypeError when the server cannot be reached.
    return error instanceof TypeError
      ? unreachable
      : error instanceof Error && error.message.trim() !== ''
        ? error.message
        : EXPORT_FAILED_MESSAGE;
  }
}
