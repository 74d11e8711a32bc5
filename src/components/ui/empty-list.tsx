// What a list the shopper builds says while it is empty (saved hotels, trips): how it
// fills, and the way to start (a search).
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { buttonClass } from './button.tsx';

export function EmptyList({ children }: { children: string }) {
  const { t } = useT();
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-6">
      <p>{children}</p>
      <Link to="/" className={buttonClass({ variant: 'secondary' }, 'inline-block')}>
        {t('saved.findHotels')}
      </Link>
    </div>
  );
}
