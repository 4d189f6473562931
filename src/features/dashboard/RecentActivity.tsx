import type { ReactNode } from 'react';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AuditEntry, RecentDrug, RecentSearch } from '@/api';
import { RelativeTime } from '@/components/RelativeTime';
import { SectionCard } from '@/components/SectionCard';

interface RecentCardProps<T> {
  title: string;
  /** The text shown when the list is empty. */
  emptyText: string;
  /** Undefined while loading. */
  items: T[] | undefined;
  render: (item: T) => { key: number; primary: ReactNode; secondary: ReactNode };
}

/** A titled card listing up to five recent items, skeletons while loading, or its empty text. */
function RecentCard<T>({ title, emptyText, items, render }: RecentCardProps<T>) {
  const titleId = `${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <SectionCard labelledBy={titleId} busy={!items}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {!items ? (
          Array.from({ length: 5 }, (_, i) => <Skeleton key={i} height={48} />)
        ) : items.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {emptyText}
          </Typography>
        ) : (
          <List dense disablePadding>
            {items.map((item) => {
              const { key, primary, secondary } = render(item);
              return (
                <ListItem key={key} disableGutters divider>
                  <ListItemText primary={primary} secondary={secondary} />
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
    </SectionCard>
  );
}

/** The five newest medications: name and when it was added. */
export function RecentDrugs({ drugs }: { drugs: RecentDrug[] | undefined }) {
  return (
    <RecentCard
      title="Recent Drugs"
      emptyText="No drugs found"
      items={drugs}
      render={(drug) => ({
        key: drug.id,
        primary: drug.name,
        secondary: (
          <>
            Added <RelativeTime value={drug.created_at} />
          </>
        ),
      })}
    />
  );
}

/** The five newest searches: who searched, which drug, and when. */
export function RecentSearches({ searches }: { searches: RecentSearch[] | undefined }) {
  return (
    <RecentCard
      title="Recent Searches"
      emptyText="No searches found"
      items={searches}
      render={(search) => ({
        key: search.id,
        primary: search.drug_name,
        secondary: (
          <>
            {search.user_name} · <RelativeTime value={search.searched_at} />
          </>
        ),
      })}
    />
  );
}

/** The five newest changes to the data: what changed (and how), who changed it, and when. */
export function RecentChanges({
  entries,
  describe,
}: {
  entries: AuditEntry[] | undefined;
  /** What the entry is about in words, e.g. 'Updated Warfarin (Medication)'. */
  describe: (entry: AuditEntry) => string;
}) {
  return (
    <RecentCard
      title="Recent changes"
      emptyText="No changes recorded yet"
      items={entries}
      render={(entry) => ({
        key: entry.id,
        primary: describe(entry),
        secondary: (
          <>
            {entry.actor.name} · <RelativeTime value={entry.at} />
          </>
        ),
      })}
    />
  );
}
