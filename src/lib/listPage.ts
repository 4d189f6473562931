/**
 * How many rows a list screen's page holds at first. The route prefetch (app/routeData.ts) asks
 * for exactly the first page the screen asks for, so the screen finds it in the cache.
 */
export const FIRST_PAGE_SIZE = 25;

/** The first page of a list sorted by `sort`, as a list query's argument. */
export function firstPage<S extends string>(sort?: S) {
  return { page: 1, pageSize: FIRST_PAGE_SIZE, ...(sort && { sort }) };
}
