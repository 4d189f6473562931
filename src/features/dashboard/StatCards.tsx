import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import MedicationOutlined from '@mui/icons-material/MedicationOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import TodayOutlined from '@mui/icons-material/TodayOutlined';
import type { DashboardStats } from '@/api';
import { SectionCard } from '@/components/SectionCard';

type CountKey = 'total_drugs' | 'total_users' | 'total_searches' | 'active_today';

/** The dashboard's four cards, in their order and words. */
const CARDS: { key: CountKey; label: string; icon: ComponentType<SvgIconProps> }[] = [
  { key: 'total_drugs', label: 'Total Drugs', icon: MedicationOutlined },
  { key: 'total_users', label: 'Total Users', icon: PeopleOutlined },
  { key: 'total_searches', label: 'Total Searches', icon: SearchOutlined },
  { key: 'active_today', label: 'Active Today', icon: TodayOutlined },
];

const numberFormat = new Intl.NumberFormat('en');

interface StatCardsProps {
  /** The counts; while undefined (loading) every card shows a skeleton. */
  stats: Pick<DashboardStats, CountKey> | undefined;
  /** Shown under Active Today: whose "today" it is (the server's time zone). */
  timeZone?: string;
}

/** Total Drugs, Total Users, Total Searches and Active Today; each card is a labelled region. */
export function StatCards({ stats, timeZone }: StatCardsProps) {
  return (
    <Grid container spacing={2}>
      {CARDS.map(({ key, label, icon: Icon }) => {
        const labelId = `stat-${key}`;
        return (
          <Grid key={key} size={{ xs: 12, sm: 6, lg: 3 }}>
            <SectionCard labelledBy={labelId} busy={!stats}>
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography
                    id={labelId}
                    variant="subtitle2"
                    color="text.secondary"
                    component="h2"
                  >
                    {label}
                  </Typography>
                  <Typography variant="h4" component="p" sx={{ mt: 0.5 }}>
                    {stats ? numberFormat.format(stats[key]) : <Skeleton width="3ch" />}
                  </Typography>
                  {key === 'active_today' && timeZone && (
                    <Typography variant="caption" color="text.secondary">
                      Days in {timeZone}
                    </Typography>
                  )}
                </Box>
                <Icon color="primary" aria-hidden />
              </CardContent>
            </SectionCard>
          </Grid>
        );
      })}
    </Grid>
  );
}
