import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { FullPageSpinner } from '@/components/FullPageSpinner';

/**
 * A component whose code is a chunk of its own, loaded when it first renders (or sooner, by
 * `preload`). Until the chunk arrives it shows `fallback` (which may be worked out from the
 * component's props), and then the component, as an ordinary update. (React.lazy would suspend,
 * even for a chunk already loaded, and React shows what a suspended part turns into no sooner than
 * 300 ms after the last loading fallback appeared: a wait added to every first showing.) A chunk
 * that fails to load is asked for again through React.lazy, behind the same fallback, which
 * reports a second failure to the nearest error boundary. No Suspense boundary is needed around it.
 */
export function chunk<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode | ((props: P) => ReactNode) = <FullPageSpinner />,
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Chunk(props: P) {
    // Set once the chunk is waited for: a render then shows it, or asks again through Lazy.
    const [outcome, setOutcome] = useState<'arrived' | 'failed'>();
    // As this render found it: the chunk may arrive between the render and its effect.
    const Loaded = loaded;
    useEffect(() => {
      if (Loaded) return;
      let shown = true;
      preload().then(
        () => shown && setOutcome('arrived'),
        () => shown && setOutcome('failed'),
      );
      return () => {
        shown = false;
      };
    }, [Loaded]);
    if (Loaded) return <Loaded {...props} />;
    const waiting = typeof fallback === 'function' ? fallback(props) : fallback;
    if (outcome !== 'failed') return waiting;
    return (
      <Suspense fallback={waiting}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { Component: Chunk, preload };
}
