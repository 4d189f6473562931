import { PageHeader } from '@/components/PageHeader';

/** /dashboard/drugs: the simple drug list arrives with its own issue; for now, the title. */
export function DrugsPage() {
  return <PageHeader title="Drugs Management" />;
}
