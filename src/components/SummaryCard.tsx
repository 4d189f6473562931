import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { SectionCard } from './SectionCard';

export interface SummaryCardProps {
  /** The heading's id, which names the card's section. */
  id: string;
  title: ReactNode;
  /** Whether the figures have arrived: until then a placeholder. */
  loaded: boolean;
  /** Shown instead of the placeholder when the figures could not be loaded. */
  errorText?: string;
  /** The placeholder's size while loading: as wide as the figures, and tall (px) as they are. */
  placeholder: { width: number; height?: number };
  /** The figures, once loaded. */
  children: ReactNode;
  /** The screen the card summarises. */
  link: { to: string; label: string };
}

/**
 * A dashboard card: a titled section with a few figures (a placeholder while they load, a line
 * when they could not be), and a link to the screen they come from.
 */
export function SummaryCard({
  id,
  title,
  loaded,
  errorText,
  placeholder,
  children,
  link,
}: SummaryCardProps) {
  return (
    <SectionCard labelledBy={id} busy={!loaded && !errorText}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {loaded ? (
          children
        ) : errorText ? (
          <Typography variant="body2" color="text.secondary">
            {errorText}
          </Typography>
        ) : (
          <Skeleton variant="text" width={placeholder.width} height={placeholder.height} />
        )}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={link.to} size="small">
          {link.label}
        </Button>
      </CardActions>
    </SectionCard>
  );
}
