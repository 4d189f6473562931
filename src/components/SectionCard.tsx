import type { ReactNode } from 'react';
import Card from '@mui/material/Card';

export interface SectionCardProps {
  /** The id of the card's heading, which names the section. */
  labelledBy: string;
  /** Whether its figures are still loading (`aria-busy`). */
  busy: boolean;
  children: ReactNode;
}

/** A dashboard card: an outlined region named by its heading, as tall as its row. */
export function SectionCard({ labelledBy, busy, children }: SectionCardProps) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={labelledBy}
      aria-busy={busy}
      sx={{ height: '100%' }}
    >
      {children}
    </Card>
  );
}
