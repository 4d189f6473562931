import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/pool';
import { conflict, notFound } from '../errors';
import { listCache } from '../lib/listCache';
import { isUniqueViolation } from '../lib/pgErrors';
import { CODES_KEY } from '../repositories/codes';
import type { ListSpec } from '../repositories/listing';
import { defineRoute, type SuccessReply } from './define';
import { defineListRoute } from './lists';

/** As the answers name one record ('Condition not found'); its table and operations follow. */
type Label = 'Condition' | 'Lifestyle';

/** A resource whose records are told apart by a unique name: conditions and lifestyles. */
export interface NamedRecords<F extends string> {
  spec: ListSpec<F>;
  readAll: (db: Queryable) => Promise<unknown[]>;
  readOne: (db: Queryable, id: number) => Promise<unknown>;
}

/**
 * Registers a named resource's reads: its list (whole and cached, paged, or CSV) and one record
 * by id. The get handler serves either resource's operation, so TypeScript pairs either record
 * with either answer (hence the `as SuccessReply`): `records` names one resource, so they match.
 */
export function defineNamedReads<F extends string>(
  app: FastifyInstance,
  label: Label,
  records: NamedRecords<F>,
) {
  const { db } = app;
  const cached = listCache(app);
  const table = `${label.toLowerCase() as Lowercase<Label>}s` as const;
  const get = `get${label}` as const;

  defineListRoute(app, `list${label}s`, {
    spec: records.spec,
    filename: table,
    whole: (reply) => cached(reply, table, [table], () => records.readAll(db)),
  });

  defineRoute(app, get, async (request) => {
    const row = await records.readOne(db, request.params.id);
    if (!row) throw notFound(label);
    return { data: row } as SuccessReply<typeof get>;
  });
}

/** `work`, whose unique violation is a 409 saying the name is taken. */
export async function uniqueName<T>(label: Label | 'Drug class' | 'Ingredient', work: Promise<T>) {
  try {
    return await work;
  } catch (error) {
    // A code's key (record_codes) is answered by uniqueCodes, which names the code.
    if (isUniqueViolation(error) && !isUniqueViolation(error, CODES_KEY))
      throw conflict(
        `${/^[AEIOU]/.test(label) ? 'An' : 'A'} ${label.toLowerCase()} with this name already exists.`,
      );
    throw error;
  }
}
