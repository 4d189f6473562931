import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

export interface CardSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** The section's button, at the right of its title (an Add, an End sessions). */
  action?: ReactNode;
  children: ReactNode;
}

/** A titled part of a page in an outlined card: its h2, a button beside it, then its content. */
export function CardSection({ id, title, action, children }: CardSectionProps) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 2,
            flexWrap: 'wrap',
            mb: 1,
          }}
        >
          <Typography variant="h6" component="h2" id={id}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
