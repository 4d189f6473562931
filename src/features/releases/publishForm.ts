import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PublishRequest } from '@/api';
import { requiredText } from '@/components/crud/schema';

/** The contract's limit on a release's notes. */
const NOTES_MAX = 5000;
export const EFFECTIVE_AT_MESSAGE = 'Enter a valid date and time';

const isDateTime = (value: string) => !Number.isNaN(new Date(value).getTime());

/**
 * The Publish form, and the request it makes: a title (required, as the contract's PublishRequest
 * says), optional notes, and an optional local date and time the release takes effect at (sent as
 * an instant; left empty, the release takes effect at once).
 */
export const publishSchema = z
  .object({
    title: requiredText('Title'),
    notes: z.string().trim().max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`),
    effective_at: z
      .string()
      .trim()
      .refine((value) => value === '' || isDateTime(value), EFFECTIVE_AT_MESSAGE),
  })
  .transform(({ title, notes, effective_at }): PublishRequest => ({
    title,
    ...(notes !== '' && { notes }),
    ...(effective_at !== '' && { effective_at: new Date(effective_at).toISOString() }),
  }));

export type PublishFormValues = z.input<typeof publishSchema>;
export const publishResolver = zodResolver(publishSchema);

export const PUBLISH_DEFAULTS: PublishFormValues = { title: '', notes: '', effective_at: '' };
