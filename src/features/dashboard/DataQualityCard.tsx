import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useGetDataQualityQuery } from '@/api';

/**
 * The dashboard's Data quality card: how many problems the report finds, and a link to it.
 * Asked afresh on every visit (the report reads all the reference data).
 */
export function DataQualityCard() {
  const { data, isError } = useGetDataQualityQuery(undefined, { refetchOnMountOrArgChange: true });
  const findings = data?.data;
  const errors = findings?.filter((f) => f.severity === 'error').length ?? 0;
  const warnings = findings?.filter((f) => f.severity === 'warning').length ?? 0;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="data-quality-card"
      aria-busy={!findings && !isError}
    >
      <CardContent>
        <Typography id="data-quality-card" variant="h6" component="h2">
          Data quality
        </Typography>
        {findings ? (
          <>
            <Typography variant="h4" component="p">
              {findings.length}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {findings.length === 0
                ? 'No problems found in the reference data.'
                : `finding${findings.length === 1 ? '' : 's'}: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`}
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
