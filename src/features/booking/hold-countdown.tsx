// The time left on the prebook (its expires_at, by the traveller's clock). Screen
// readers hear it at two minutes and one minute left, not every second; when it runs
// out the checkout says so and offers fresh room options.
import { useEffect, useState } from 'react';
import { formatTimeLeft } from '../../lib/deadline-format.ts';
import { useT } from '../../lib/i18n.ts';

export function useMsLeft(expiresAt: string): number {
  const deadline = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  const over = now >= deadline;
  useEffect(() => {
    if (over) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [over]);
  return Number.isNaN(deadline) ? 0 : deadline - now;
}

export function HoldCountdown({ msLeft }: { msLeft: number }) {
  const { t, language } = useT();
  const minutesLeft = msLeft <= 0 ? 0 : msLeft <= 60_000 ? 1 : msLeft <= 120_000 ? 2 : null;
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 rounded-lg bg-blue-50 px-3 py-2 text-blue-950">
      <span>{t('checkout.hold.label')}</span>
      <strong role="timer" className="text-lg tabular-nums">
        {formatTimeLeft(msLeft, language)}
      </strong>
      <span aria-live="polite" className="sr-only">
        {minutesLeft !== null && minutesLeft > 0
          ? t('checkout.hold.minutesLeft', { count: minutesLeft })
          : ''}
      </span>
    </div>
  );
}
