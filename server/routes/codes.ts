import type { Queryable } from '../db/pool';
import {
  codeLabel,
  codesProblems,
  normalCodes,
  type Code,
  type CodedEntity,
} from '../domain/codes';
import { HttpError, invalid } from '../errors';
import { isUniqueViolation } from '../lib/pgErrors';
import { CODES_KEY, codeHolders } from '../repositories/codes';

const NOUNS: Record<CodedEntity, string> = {
  medication: 'medication',
  ingredient: 'ingredient',
  drug_class: 'drug class',
  condition: 'condition',
};

/**
 * A body's codes as stored (trimmed, upper case), or undefined when the body has none (an update
 * leaves them as they are): a 422 naming each code of a system the record does not take, of the
 * wrong format, or given twice.
 */
export function checkedCodes(
  entity: CodedEntity,
  codes: readonly Code[] | undefined,
): Code[] | undefined {
  if (codes === undefined) return undefined;
  const normal = normalCodes(codes);
  const errors = codesProblems(entity, normal);
  if (Object.keys(errors).length) throw invalid(errors, Object.values(errors)[0][0]);
  return normal;
}

/** The 409 for codes another record of the kind holds, naming it. */
function taken(entity: CodedEntity, codes: readonly Code[], holders: HolderRow[]) {
  const errors: Record<string, string[]> = {};
  const names: string[] = [];
  for (const holder of holders) {
    const i = codes.findIndex((c) => c.system === holder.system && c.code === holder.code);
    const said = `${codeLabel({ system: holder.system as Code['system'], code: holder.code })} is already used by the ${NOUNS[entity]} ${holder.name}`;
    errors[`codes.${i}.code`] = [said];
    names.push(said);
  }
  return new HttpError(409, `${names.join('; ')}.`, errors);
}

type HolderRow = Awaited<ReturnType<typeof codeHolders>>[number];

/**
 * `work` (the record's write) after checking that no other record of the kind holds one of
 * `codes`: a 409 naming the record that does. The database's key on record_codes refuses a code
 * written meanwhile by another request, answered with the same status.
 */
export async function uniqueCodes<T>(
  db: Queryable,
  entity: CodedEntity,
  codes: readonly Code[] | undefined,
  exceptId: number | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (codes?.length) {
    const holders = await codeHolders(db, entity, codes, exceptId);
    if (holders.length) throw taken(entity, codes, holders);
  }
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, CODES_KEY))
      throw new HttpError(409, `A code given is already used by another ${NOUNS[entity]}.`);
    throw error;
  }
}
