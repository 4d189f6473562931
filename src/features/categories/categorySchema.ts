import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { amountField, choiceField, minNotAboveMax, optionalText } from '@/components/crud/schema';
import type {
  CategoryFormOutput,
  CategoryRow,
  CategoryShape,
  CategoryWrite,
} from './categoryKinds';
import { categoryWords } from './categoryWords';

/** What the form's inputs hold, for every kind: strings ('' for no category name). */
export interface CategoryFormValues {
  minimum: string;
  maximum: string;
  unit: string;
  category: string;
  description: string;
}

/**
 * A category form's checks: min, max and unit required, numbers from 0, the minimum not above
 * the maximum; the name one of the kind's names, or None (sent as null) where the kind allows it.
 */
export function categorySchema<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: CategoryShape<Row, Write>,
) {
  const words = categoryWords(kind.measure);
  const names = z.enum(kind.names);
  return minNotAboveMax(
    z.object({
      minimum: amountField(words.minimum),
      maximum: amountField(words.maximum),
      unit: choiceField(words.unitField, kind.units),
      category: kind.nameOptional
        ? z.union([z.literal(''), names]).transform((value) => (value === '' ? null : value))
        : choiceField('Category', kind.names),
      description: optionalText('Description'),
    }),
    'minimum',
    'maximum',
    words.rangeMessage,
  );
}

/** Loaded on first use through `categoryValidation` (categoryForm.ts), with zod. */
export function categoryResolver<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: CategoryShape<Row, Write>,
): Resolver<CategoryFormValues, unknown, CategoryFormOutput<Write>> {
  // The unit and name rules are built from the kind's own lists (the contract's enums), which
  // the types of a table of kinds cannot follow: the output is the kind's write shape.
  return zodResolver(categorySchema(kind)) as Resolver<
    CategoryFormValues,
    unknown,
    CategoryFormOutput<Write>
  >;
}
