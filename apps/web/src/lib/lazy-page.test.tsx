import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from './feature.ts';

afterEach(cleanup);

const pageModule = () => Promise.resolve({ Hello: ({ name }: { name: string }) => <p>hello {name}</p> });

function renderInSuspense(Page: ComponentType<{ name: string }>) {
  render(
    <Suspense fallback={<p>loading</p>}>
      <Page name="Ada" />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('renders a page whose chunk is already in at once, without suspending', async () => {
    const Page = lazyPage(pageModule, (m) => m.Hello);
    await Page.preload();
    renderInSuspense(Page);
    expect(screen.getByText('hello Ada')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends a page whose chunk is not in yet, then shows it', async () => {
    const Page = lazyPage(pageModule, (m) => m.Hello);
    await act(async () => renderInSuspense(Page));
    expect(await screen.findByText('hello Ada')).toBeTruthy();
  });
});
