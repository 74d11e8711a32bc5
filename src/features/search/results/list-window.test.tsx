import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useListWindow, type ListWindowOptions, type VirtualCore } from './list-window.ts';

const ROW_PX = 236;
const GAP_PX = 12;

const options = (count: number): ListWindowOptions => ({
  count,
  estimatedRowPx: ROW_PX,
  gapPx: GAP_PX,
  overscan: 4,
  scrollMargin: 0,
  initialOffset: () => 0,
  initialRect: { width: 0, height: 900 },
  getItemKey: (index) => `hotel-${String(index)}`,
  drawnIndexes: (indexes) => indexes,
});

function Rows({ count, load }: { count: number; load: () => Promise<VirtualCore> }) {
  const listWindow = useListWindow(options(count), load);
  return (
    <ol aria-label="rows" data-total={listWindow.totalSize} data-every={listWindow.drawsEveryRow}>
      {listWindow.items.map((item) => (
        <li key={item.key} data-start={item.start}>
          {item.index}
        </li>
      ))}
    </ol>
  );
}

const drawn = () => screen.getAllByRole('listitem').map((row) => Number(row.textContent));
const never = () => new Promise<VirtualCore>(() => undefined);
const realVirtualizer = () => import('@tanstack/virtual-core');

describe('useListWindow', () => {
  it('draws the virtualizer’s first window until its code arrives, as the server draws it', () => {
    const html = renderToString(<Rows count={1000} load={never} />);
    const { container } = render(<Rows count={1000} load={never} />);
    // A 900 px window shows rows 0 to 3 (the 4th starts at 744 px); 4 more are drawn below.
    expect(drawn()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(container.innerHTML).toBe(html);
    // As tall as every row at its estimated height, so the page scrolls as far as it will.
    expect(screen.getByRole('list')).toHaveAttribute('data-total', String(1000 * 248 - GAP_PX));
    expect(screen.getAllByRole('listitem')[3]).toHaveAttribute('data-start', String(3 * 248));
  });

  it('hands over to the virtualizer with the rows it drew, before any scroll', async () => {
    render(<Rows count={1000} load={realVirtualizer} />);
    const before = drawn();
    await act(async () => {
      await realVirtualizer();
    });
    expect(screen.getByRole('list')).toHaveAttribute('data-every', 'false');
    expect(drawn()).toEqual(before);
  });

  it('draws every row when the virtualizer’s code cannot be loaded', async () => {
    const failing = () => Promise.reject(new Error('chunk failed to load'));
    render(<Rows count={30} load={failing} />);
    expect(drawn()).toHaveLength(8);
    await act(async () => {
      await failing().catch(() => undefined);
    });
    expect(drawn()).toEqual(Array.from({ length: 30 }, (_, index) => index));
    expect(screen.getByRole('list')).toHaveAttribute('data-every', 'true');
  });

  it('draws nothing for no rows', () => {
    render(<Rows count={0} load={never} />);
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(screen.getByRole('list')).toHaveAttribute('data-total', '0');
  });
});
