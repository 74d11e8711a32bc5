// The states around the result list: first load, live-price wait, errors, no result,
// and the small price-refresh indicator.
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useT, type MessageId } from '../../../lib/i18n.ts';
import type { PriceRefresh } from './use-price-refresh.ts';
import { buttonClass } from '../../../components/ui/button.tsx';

export function ResultsSkeleton() {
  const { t } = useT();
  return (
    <div data-loading="">
      <p role="status" className="sr-only">
        {t('results.searching')}
      </p>
      <ul aria-hidden="true" className="space-y-3">
        {[0, 1, 2, 3, 4].map((row) => (
          <li
            key={row}
            className="flex animate-pulse gap-4 rounded-xl border border-slate-200 bg-white p-3"
          >
            <div className="aspect-[4/3] w-28 shrink-0 rounded-lg bg-slate-200 sm:w-52" />
            <div className="flex-1 space-y-3 py-1">
              <div className="h-5 w-2/3 rounded bg-slate-200" />
              <div className="h-4 w-1/2 rounded bg-slate-200" />
              <div className="h-4 w-1/3 rounded bg-slate-200" />
            </div>
            <div className="hidden w-28 space-y-2 py-1 sm:block">
              <div className="h-6 rounded bg-slate-200" />
              <div className="h-4 rounded bg-slate-200" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** pricing_mode live waits up to about 15 s for suppliers. */
export const LIVE_WAIT_SECONDS = 15;
/** How long a live-pricing wait may be on screen before it counts as stuck. */
export const LIVE_WAIT_BUDGET_MS = (LIVE_WAIT_SECONDS + 5) * 1000;

/** The wait for live prices: say how long it can take, and show it moving. */
export function LiveWait({ expectedSeconds = LIVE_WAIT_SECONDS }: { expectedSeconds?: number }) {
  const { t } = useT();
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  const shown = Math.min(elapsed, expectedSeconds);
  return (
    <div
      data-loading=""
      data-loading-budget-ms={LIVE_WAIT_BUDGET_MS}
      className="rounded-xl border border-blue-200 bg-blue-50 p-4"
    >
      <p id="live-wait-label" className="font-semibold text-blue-950">
        {t('results.live.waiting')}
      </p>
      <p className="text-sm text-blue-950">
        {t('results.live.waitingHint', { count: expectedSeconds })}
      </p>
      <div
        role="progressbar"
        aria-labelledby="live-wait-label"
        aria-valuemin={0}
        aria-valuemax={expectedSeconds}
        aria-valuenow={shown}
        aria-valuetext={t('results.live.elapsed', { count: shown })}
        className="mt-3 h-2 overflow-hidden rounded-full bg-blue-100"
      >
        <div
          className="h-full rounded-full bg-blue-700 transition-[width] duration-1000 ease-linear"
          style={{ width: `${Math.max(4, (shown / expectedSeconds) * 100)}%` }}
        />
      </div>
    </div>
  );
}

function errorMessage(error: unknown): MessageId {
  if (!isApiError(error)) return 'results.error.generic';
  if (error.code === 'VALIDATION_FAILED') return 'results.error.validation';
  if (error.code === 'DESTINATION_NOT_FOUND') return 'results.error.destination';
  if (error.code === 'NETWORK_ERROR') return 'results.error.network';
  if (error.status === 429) return 'results.error.busy';
  if (error.status >= 500) return 'results.error.unavailable';
  return 'results.error.generic';
}

/** A plain message, the request id to quote to support, and a way to try again. */
export function SearchError({
  error,
  onRetry,
  compact = false,
}: {
  error: unknown;
  onRetry?: () => void;
  compact?: boolean;
}) {
  const { t } = useT();
  const requestId = isApiError(error) ? error.requestId : null;
  return (
    <div
      role="alert"
      className={`rounded-xl border border-red-200 bg-red-50 text-red-950 ${compact ? 'p-3' : 'p-5'}`}
    >
      <p className="font-semibold">{t(errorMessage(error))}</p>
      {requestId && <p className="mt-1 text-sm">{t('error.reference', { id: requestId })}</p>}
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className={buttonClass({ variant: 'danger' }, 'mt-3')}
        >
          {t('error.retry')}
        </button>
      )}
    </div>
  );
}

export function PriceRefreshStatus({
  refresh,
  onRefresh,
}: {
  refresh: PriceRefresh;
  onRefresh: () => void;
}) {
  const { t } = useT();
  const { phase, state } = refresh;
  if (phase === 'none') return null;
  if (phase === 'expired') {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
        <span>{t('results.prices.expired')}</span>
        <button
          type="button"
          onClick={onRefresh}
          className={buttonClass({ variant: 'warning', size: 'sm' })}
        >
          {t('results.prices.refresh')}
        </button>
      </div>
    );
  }
  if (phase === 'complete') {
    return (
      <p className="text-sm text-emerald-800">
        <span aria-hidden="true">✓ </span>
        {t('results.prices.complete')}
      </p>
    );
  }
  const refreshed = state?.refreshed ?? 0;
  const total = state?.total ?? 0;
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <span>{phase === 'paused' ? t('results.prices.paused') : t('results.prices.updating')}</span>
      <progress
        aria-label={t('results.prices.progress')}
        value={total > 0 ? refreshed : undefined}
        max={total > 0 ? total : undefined}
        className="h-1.5 w-24 accent-blue-700"
      />
    </div>
  );
}
