import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose schema code is loaded on first use. The public account screens
 * use it so they can show before zod arrives (it is about 16 kB gzip of /login's 200 kB budget):
 * `preload()` right after the first render starts loading it, long before anyone can submit.
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
