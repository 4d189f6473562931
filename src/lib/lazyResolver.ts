import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose schema code is loaded on first use. The account screens and the
 * list screens' forms use it so they can show before zod arrives (zod is too large for their
 * bundle budgets; see `npm run bench:bundle`): `preload()` right after the first render starts
 * loading it, long before anyone can submit.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
) {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const get = () => (loading ??= load());
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) =>
    (await get())(values, context, options);
  return {
    resolver,
    preload: () => {
      void get();
    },
  };
}
