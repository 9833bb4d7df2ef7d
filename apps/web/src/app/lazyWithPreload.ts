import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Fetches the component's chunk; once it is in, the component renders without suspending. */
  preload(): Promise<void>;
};

/**
 * React.lazy plus `preload()`: a screen can be fetched before it is shown (the next screen, the game being
 * waited for), and a component whose chunk is already in renders at once instead of showing its fallback for a
 * frame (docs/decisions/1301).
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loaded: { default: ComponentType<P> } | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchModule = (): Promise<{ default: ComponentType<P> }> => {
    pending ??= load().then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        pending = null; // the next render or preload tries again
        throw error;
      },
    );
    return pending;
  };
  const component = lazy(() => {
    const module = loaded;
    if (module === null) return fetchModule();
    // React reads a thenable that answers synchronously as already resolved, so nothing suspends.
    const resolved: PromiseLike<{ default: ComponentType<P> }> = {
      then: (onFulfilled) => onFulfilled?.(module) as never,
    };
    return resolved as Promise<{ default: ComponentType<P> }>;
  });
  return Object.assign(component, { preload: () => fetchModule().then(() => undefined) });
}
