import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  useGetMedicationDependentsQuery,
  type DependentGroup,
  type MedicationDependents as Dependents,
} from '@/api';
import { ErrorBanner } from '@/components/ErrorBanner';
import { messageOf } from '@/lib/errors';

/** The kinds a medication delete takes with it, in the order the confirm lists them. */
const GROUPS: { key: keyof Omit<Dependents, 'id' | 'name'>; label: string }[] = [
  { key: 'weight_dosages', label: 'Weight-based dosages' },
  { key: 'age_dosages', label: 'Age-based dosages' },
  { key: 'contraindications', label: 'Contraindications' },
  { key: 'lifestyle_contraindications', label: 'Lifestyle contraindications' },
  { key: 'interactions', label: 'Drug interactions' },
  { key: 'drug_classes', label: 'Drug class memberships' },
  { key: 'ingredients', label: 'Ingredients it contains (the ingredients stay)' },
  { key: 'renal_rules', label: 'Renal rules' },
  { key: 'class_rules', label: 'Class rules naming it' },
];

/** How many names each kind lists; `total` says how many there are beyond them. */
export const DEPENDENTS_LIMIT = 20;

function Group({ label, group }: { label: string; group: DependentGroup }) {
  const more = group.total - group.items.length;
  return (
    <Box component="li" sx={{ mb: 1 }}>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {`${label}: ${group.total}`}
      </Typography>
      {group.items.length > 0 && (
        <Typography component="span" variant="body2" color="text.secondary">
          {' — '}
          {group.items
            .map((item) => (item.detail ? `${item.name} (${item.detail})` : item.name))
            .join(', ')}
          {more > 0 && ` and ${more} more`}
        </Typography>
      )}
    </Box>
  );
}

/**
 * What deleting the medication also deletes (`GET /medications/{id}/dependents`): per kind, the
 * count and the names, so the confirm says exactly what goes.
 */
export function MedicationDependents({ id, name }: { id: number; name: string }) {
  const { data, error, isLoading } = useGetMedicationDependentsQuery({
    id,
    limit: DEPENDENTS_LIMIT,
  });
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
      {isLoading && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }} role="status">
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">Finding what is deleted with it…</Typography>
        </Box>
      )}
      {error && (
        <ErrorBanner
          title="What is deleted with it could not be listed"
          message={messageOf(error)}
          sx={{ mt: 1 }}
        />
      )}
      {data && (
        <>
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 400 }}>
            Deleted with it:
          </Typography>
          <Box
            component="ul"
            sx={{ pl: 2.5, my: 0.5, fontWeight: 400 }}
            aria-label="Deleted with it"
          >
            {GROUPS.map(({ key, label }) => (
              <Group key={key} label={label} group={data.data[key]} />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
