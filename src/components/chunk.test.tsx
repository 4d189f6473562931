import { Component, Suspense, type ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { chunk } from './chunk';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** Shows the error a child throws. */
class Caught extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children;
  }
}

describe('chunk', () => {
  it('shows its fallback until the code arrives, then the component with its props', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const { Component: Lazy } = chunk(
      () => new Promise<typeof Greeting>((resolve) => (arrive = resolve)),
      <p>Loading greeting</p>,
    );
    render(<Lazy name="Ada" />);
    expect(screen.getByText('Loading greeting')).toBeInTheDocument();
    arrive(Greeting);
    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading greeting')).not.toBeInTheDocument();
  });

  it('works its fallback out from the props, when given a function', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const { Component: Lazy } = chunk(
      () => new Promise<typeof Greeting>((resolve) => (arrive = resolve)),
      ({ name }) => <p>Loading the greeting of {name}</p>,
    );
    render(<Lazy name="Ada" />);
    expect(screen.getByText('Loading the greeting of Ada')).toBeInTheDocument();
    arrive(Greeting);
    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
  });

  it('shows a component whose code has arrived at once, with no fallback first', async () => {
    const { Component: Lazy, preload } = chunk(() => Promise.resolve(Greeting), <p>Loading</p>);
    await preload();
    render(<Lazy name="Grace" />);
    expect(screen.getByText('Hello, Grace')).toBeInTheDocument();
  });

  it('asks again for code that failed to load, behind its own fallback, and shows it then', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const load = jest
      .fn<Promise<typeof Greeting>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementationOnce(() => new Promise((resolve) => (arrive = resolve)));
    const { Component: Lazy } = chunk(load, <p>Loading</p>);
    // The retry waits behind the chunk's own fallback, not the page's around it.
    render(
      <Suspense fallback={<p>The whole page is loading</p>}>
        <Lazy name="Katherine" />
      </Suspense>,
    );
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(screen.getByText('Loading')).toBeVisible();
    expect(screen.queryByText('The whole page is loading')).not.toBeInTheDocument();
    arrive(Greeting);
    expect(await screen.findByText('Hello, Katherine')).toBeInTheDocument();
  });

  it('asks again for code that failed to load, and reports a second failure', async () => {
    const load = jest.fn((): Promise<typeof Greeting> => Promise.reject(new Error('offline')));
    const { Component: Lazy } = chunk(load, <p>Loading</p>);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Caught>
        <Lazy name="Alan" />
      </Caught>,
    );
    expect(await screen.findByText('Failed: offline')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
