import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import { useGetReleaseStatusQuery, type ReleaseStatus } from '@/api';

export const REVIEW_PATH = '/dashboard/review';
export const RELEASES_PATH = '/dashboard/releases';
export const NO_RELEASE_TEXT = 'Draft: no release has been published yet';

/**
 * What the banner says of the draft, and where it leads; null when there is nothing to say (no
 * change since the newest release).
 */
export function draftBannerText(status: ReleaseStatus): { text: string; to: string } | null {
  if (status.newest === null) return { text: NO_RELEASE_TEXT, to: RELEASES_PATH };
  if (!status.changes) return null;
  const changes = `${status.changes} change${status.changes === 1 ? '' : 's'}`;
  return {
    text: `Draft: ${changes} since release ${status.newest}, ${status.awaiting_review} awaiting review`,
    to: REVIEW_PATH,
  };
}

/**
 * Above every signed-in page: how far the draft, which editors
 * change, has moved from the newest release, and how much of it awaits review, with a link to the
 * Review screen. Every write to the reference data, a review and a publication invalidate the
 * status (src/api/index.ts), so the counts follow the console's own changes; a failed load leaves
 * the banner out (the error toast says why).
 */
export function DraftBanner() {
  const { data } = useGetReleaseStatusQuery();
  const shown = data && draftBannerText(data.data);
  if (!shown) return null;
  // A status, not an alert: it is read when wanted, not announced on every page. Box and the
  // router's link: the shell counts in every page's bundle budget, and MUI's Alert and Link
  // would add to each.
  return (
    <Box
      role="status"
      sx={{ mb: 2, px: 2, py: 1, border: 1, borderColor: 'info.main', borderRadius: 1 }}
    >
      <RouterLink to={shown.to}>{shown.text}</RouterLink>
    </Box>
  );
}
