import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DailyCount } from '@/api';

const dayFormat = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDayFormat = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' });

/** "2025-03-05" as a date at UTC midnight, so formatting in UTC shows that very calendar day. */
const calendarDay = (day: string) => new Date(`${day}T00:00:00Z`);

interface SearchesChartProps {
  days: DailyCount[];
}

/**
 * Searches per day as bars (MUI X Charts). Its own module, loaded lazily by the dashboard, so the
 * charting code stays out of the entry chunk and the other pages' chunks.
 */
export default function SearchesChart({ days }: SearchesChartProps) {
  const theme = useTheme();
  const total = days.reduce((sum, day) => sum + day.count, 0);
  return (
    <Box
      role="img"
      aria-label={`Searches per day over the last ${days.length} days: ${total} in total`}
    >
      <BarChart
        height={260}
        hideLegend
        skipAnimation
        grid={{ horizontal: true }}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        xAxis={[
          {
            scaleType: 'band',
            data: days.map((day) => day.date),
            valueFormatter: (value: string, context) =>
              context.location === 'tooltip'
                ? longDayFormat.format(calendarDay(value))
                : dayFormat.format(calendarDay(value)),
            tickLabelInterval: (_value: string, index: number) =>
              index % 5 === (days.length - 1) % 5,
          },
        ]}
        yAxis={[{ tickMinStep: 1, width: 40 }]}
        series={[
          {
            data: days.map((day) => day.count),
            label: 'Searches',
            color: theme.palette.primary.main,
          },
        ]}
      />
    </Box>
  );
}
