// The results list's window onto its hotels, with the virtualizer's code arriving after the
// page hydrates. Until it has, the window is the one the virtualizer itself starts from
// (rows of the estimated height, from `initialOffset` over `initialRect`), worked out here:
// it is what the server draws and what the page hydrates with. Once the module is in, the
// virtualizer measures the real window and takes over. So the virtualizer is not part of
// what a results page downloads before it answers a tap (decision 043).
import type * as VirtualCoreModule from '@tanstack/virtual-core';
import type { Virtualizer, VirtualItem } from '@tanstack/virtual-core';
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

export type VirtualCore = typeof VirtualCoreModule;

const loadVirtualCore = (): Promise<VirtualCore> => import('@tanstack/virtual-core');

export interface ListWindowOptions {
  count: number;
  estimatedRowPx: number;
  gapPx: number;
  overscan: number;
  /** Where the list starts in the page, in page pixels. */
  scrollMargin: number;
  initialOffset: () => number;
  initialRect: { width: number; height: number };
  getItemKey: (index: number) => string | number;
  /** The indexes to draw, from those of the window and its overscan (ascending). */
  drawnIndexes: (windowIndexes: number[]) => number[];
}

export interface ListWindow {
  items: VirtualItem[];
  /** The height of every row, measured or estimated, and the gaps between them. */
  totalSize: number;
  scrollOffset: number;
  /** The virtualizer's module did not arrive: every row is drawn, in the page's flow. */
  drawsEveryRow: boolean;
  /** For each drawn row's element; absent until the virtualizer is in. */
  measureElement?: (element: Element | null) => void;
  /** Absent until the virtualizer is in. */
  scrollToIndex?: (index: number, options: { align: 'start' }) => void;
}

/**
 * The rows to draw. `load` brings the virtualizer's module (a parameter for tests); should
 * it fail to arrive, every row is drawn, in the page's flow: slower with many hotels, but
 * the list still scrolls to its end.
 */
export function useListWindow(
  options: ListWindowOptions,
  load: () => Promise<VirtualCore> = loadVirtualCore,
): ListWindow {
  // As the virtualizer's own React binding does: it renders again when the window changes,
  // at once for a scroll (so no frame shows an empty stretch) unless the change comes from
  // measuring a row, which happens while React commits.
  const rerender = useReducer((renders: number) => renders + 1, 0)[1];
  const measuring = useRef(false);
  const [loaded, setLoaded] = useState<Loaded | 'failed' | null>(null);
  useEffect(() => {
    let mounted = true;
    const onChange = (_: WindowVirtualizer, sync: boolean) => {
      if (sync && !measuring.current) flushSync(rerender);
      else rerender();
    };
    load().then(
      (core) => {
        if (mounted) setLoaded({ core, virtualizer: windowVirtualizer(core, measuring, onChange) });
      },
      () => {
        if (mounted) setLoaded('failed');
      },
    );
    return () => {
      mounted = false;
    };
  }, [load, rerender]);

  const { core, virtualizer } = loaded !== null && loaded !== 'failed' ? loaded : {};
  if (core && virtualizer) {
    virtualizer.setOptions({
      ...virtualizer.options,
      count: options.count,
      estimateSize: () => options.estimatedRowPx,
      gap: options.gapPx,
      overscan: options.overscan,
      scrollMargin: options.scrollMargin,
      initialOffset: options.initialOffset,
      initialRect: options.initialRect,
      getItemKey: options.getItemKey,
      rangeExtractor: (range) => options.drawnIndexes(core.defaultRangeExtractor(range)),
    });
  }
  useLayoutEffect(() => virtualizer?._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer?._willUpdate());

  if (!virtualizer) return firstWindow(options, loaded === 'failed');
  return {
    items: virtualizer.getVirtualItems(),
    totalSize: virtualizer.getTotalSize(),
    scrollOffset: virtualizer.scrollOffset ?? 0,
    drawsEveryRow: false,
    measureElement: virtualizer.measureElement,
    scrollToIndex: virtualizer.scrollToIndex,
  };
}

type WindowVirtualizer = Virtualizer<Window, Element>;

interface Loaded {
  core: VirtualCore;
  virtualizer: WindowVirtualizer;
}

/** A virtualizer of the page's own scroll; its rows' options are set as the list renders. */
function windowVirtualizer(
  core: VirtualCore,
  measuring: { current: boolean },
  onChange: (virtualizer: WindowVirtualizer, sync: boolean) => void,
): WindowVirtualizer {
  const virtualizer = new core.Virtualizer<Window, Element>({
    count: 0,
    estimateSize: () => 0,
    getScrollElement: () => window,
    observeElementRect: core.observeWindowRect,
    observeElementOffset: core.observeWindowOffset,
    scrollToFn: core.windowScroll,
    onChange,
  });
  const measureElement = virtualizer.measureElement;
  virtualizer.measureElement = (element) => {
    measuring.current = true;
    try {
      measureElement(element);
    } finally {
      measuring.current = false;
    }
  };
  return virtualizer;
}

/** The virtualizer's first window, before it measures anything; or every row. */
function firstWindow(options: ListWindowOptions, everyRow: boolean): ListWindow {
  const { count, estimatedRowPx, gapPx, overscan, scrollMargin, initialRect } = options;
  const step = estimatedRowPx + gapPx;
  const row = (index: number): VirtualItem => {
    const start = scrollMargin + index * step;
    return {
      key: options.getItemKey(index),
      index,
      start,
      end: start + estimatedRowPx,
      size: estimatedRowPx,
      lane: 0,
    };
  };
  const offset = options.initialOffset();
  const last = count - 1;
  const indexes = (from: number, to: number) =>
    Array.from({ length: Math.max(to - from + 1, 0) }, (_, at) => from + at);
  let drawn: number[] = [];
  if (everyRow) drawn = indexes(0, last);
  else if (count > 0) {
    // From the row at the window's top to the first one reaching past its bottom.
    const first = Math.min(Math.max(Math.floor((offset - scrollMargin) / step), 0), last);
    let end = first;
    while (end < last && row(end).end < offset + initialRect.height) end++;
    drawn = options.drawnIndexes(
      indexes(Math.max(first - overscan, 0), Math.min(end + overscan, last)),
    );
  }
  return {
    items: drawn.map(row),
    totalSize: count > 0 ? last * step + estimatedRowPx : 0,
    scrollOffset: offset,
    drawsEveryRow: everyRow,
  };
}
