import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyWithPreload } from './lazyWithPreload';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyWithPreload (decision 1301)', () => {
  it('shows the fallback until the chunk arrives, then the component', async () => {
    let resolveLoad: (component: typeof Hello) => void = () => undefined;
    const Lazy = lazyWithPreload(() => new Promise<typeof Hello>((resolve) => (resolveLoad = resolve)));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ana" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => resolveLoad(Hello));
    expect(screen.getByText('Hello Ana')).toBeInTheDocument();
  });

  it('renders at once, without a fallback, when preloaded; loads once', async () => {
    const load = jest.fn(() => Promise.resolve(Hello));
    const Lazy = lazyWithPreload(load);
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ana" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ana')).toBeInTheDocument();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed preload', async () => {
    const load = jest.fn<Promise<typeof Hello>, []>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(Hello);
    const Lazy = lazyWithPreload(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
