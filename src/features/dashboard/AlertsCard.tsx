import { Link as RouterLink } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGetCdsAlertsQuery, type CdsAlertRule } from '@/api';

/** The console page of a rule's record: class rules have a list of their own; every other rule
 * is shown on its medication's page. */
export function ruleLink(rule: CdsAlertRule): string | null {
  if (rule.rule_kind === 'class_rule') return '/dashboard/drugs/class-rules';
  if (rule.rule_kind === 'interaction') return '/dashboard/drugs/interactions';
  if (rule.medication_id !== null) return `/dashboard/drugs/medications/${rule.medication_id}`;
  return null;
}

/** How many rules the card lists, most fired first. */
const SHOWN = 10;

/**
 * The dashboard's Alerts: per rule that fired a card in an EHR (CDS Hooks), how many cards, how
 * many were accepted and overridden, and the reasons given most for overriding, each rule linked
 * to its record.
 */
export default function AlertsCard() {
  const { data, isError } = useGetCdsAlertsQuery(undefined, { refetchOnMountOrArgChange: true });
  const rules = data?.data;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="alerts-card"
      aria-busy={!rules && !isError}
    >
      <CardContent>
        <Typography id="alerts-card" variant="h6" component="h2">
          Alerts
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Cards sent to EHRs by the CDS Hooks service, per rule
        </Typography>
        {isError && <Typography color="error">The alerts could not be loaded.</Typography>}
        {!rules && !isError && <Skeleton variant="rectangular" height={120} />}
        {rules?.length === 0 && <Typography variant="body2">No cards sent yet.</Typography>}
        {rules && rules.length > 0 && (
          <Table size="small" aria-labelledby="alerts-card">
            <TableHead>
              <TableRow>
                <TableCell>Rule</TableCell>
                <TableCell align="right">Fired</TableCell>
                <TableCell align="right">Accepted</TableCell>
                <TableCell align="right">Overridden</TableCell>
                <TableCell>Top override reasons</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rules.slice(0, SHOWN).map((rule) => {
                const to = ruleLink(rule);
                return (
                  <TableRow key={`${rule.rule_kind} ${rule.record_id ?? ''}`}>
                    <TableCell>
                      {to ? (
                        <Link component={RouterLink} to={to}>
                          {rule.label}
                        </Link>
                      ) : (
                        rule.label
                      )}
                    </TableCell>
                    <TableCell align="right">{rule.fired}</TableCell>
                    <TableCell align="right">{rule.accepted}</TableCell>
                    <TableCell align="right">{rule.overridden}</TableCell>
                    <TableCell>
                      {rule.override_reasons.map((r) => `${r.display} (${r.count})`).join(', ') ||
                        '—'}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
