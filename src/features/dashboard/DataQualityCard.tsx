import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useGetDataQualitySummaryQuery } from '@/api';

/**
 * The dashboard's Data quality card: how many problems the report finds, and a link to it. Asks
 * for the report's counts (GET /data-quality/summary), not its findings, which can be hundreds of
 * thousands; afresh on every visit (the server keeps them until the reference data changes).
 */
export function DataQualityCard() {
  const { data, isError } = useGetDataQualitySummaryQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const summary = data?.data;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="data-quality-card"
      aria-busy={!summary && !isError}
    >
      <CardContent>
        <Typography id="data-quality-card" variant="h6" component="h2">
          Data quality
        </Typography>
        {summary ? (
          <>
            <Typography variant="h4" component="p">
              {summary.total}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {summary.total === 0
                ? 'No problems found in the reference data.'
                : `finding${summary.total === 1 ? '' : 's'}: ${summary.error} error${summary.error === 1 ? '' : 's'}, ${summary.warning} warning${summary.warning === 1 ? '' : 's'}`}
            </Typography>
          </>
        ) : isError ? (
          <Typography variant="body2" color="text.secondary">
            The report could not be loaded.
          </Typography>
        ) : (
          <Skeleton variant="text" width={120} height={48} />
        )}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to="/dashboard/data-quality" size="small">
          Open the report
        </Button>
      </CardActions>
    </Card>
  );
}
