// The active filters as removable chips, and a way to clear them all.
import type { FiltersResponseData } from '../../../contract/index.ts';
import { useMoney } from '../../../lib/money.tsx';
import { useT } from '../../../lib/i18n.ts';
import { NO_FILTERS } from '../../../stay/filters.ts';
import { type SearchFilters } from '../../../stay/search-url.ts';

interface Chip {
  key: string;
  label: string;
  patch: Partial<SearchFilters>;
}

export function FilterChips({
  filters,
  options,
  onChange,
}: {
  filters: SearchFilters;
  options: FiltersResponseData | undefined;
  onChange: (patch: Partial<SearchFilters>) => void;
}) {
  const { t } = useT();
  const shown = useMoney();
  const money = (cents: number) => shown.price(cents, 'USD');
  const chips: Chip[] = [];
  if (filters.hotelName) {
    chips.push({
      key: 'name',
      label: t('filters.chip.name', { name: filters.hotelName }),
      patch: { hotelName: null },
    });
  }
  for (const stars of filters.stars) {
    chips.push({
      key: `stars-${stars}`,
      label: t('card.stars', { count: stars }),
      patch: { stars: filters.stars.filter((value) => value !== stars) },
    });
  }
  const { priceMinUsdCents: min, priceMaxUsdCents: max } = filters;
  if (min !== null || max !== null) {
    chips.push({
      key: 'price',
      label:
        min !== null && max !== null
          ? t('filters.chip.priceBetween', { min: money(min), max: money(max) })
          : min !== null
            ? t('filters.chip.priceFrom', { min: money(min) })
            : t('filters.chip.priceUpTo', { max: money(max ?? 0) }),
      patch: { priceMinUsdCents: null, priceMaxUsdCents: null },
    });
  }
  for (const value of filters.propertyTypes) {
    chips.push({
      key: `type-${value}`,
      label: options?.property_types.find((type) => type.value === value)?.name ?? value,
      patch: { propertyTypes: filters.propertyTypes.filter((item) => item !== value) },
    });
  }
  for (const id of filters.facilityIds) {
    chips.push({
      key: `facility-${id}`,
      label: options?.facilities.find((facility) => facility.facility_id === id)?.name ?? `#${id}`,
      patch: { facilityIds: filters.facilityIds.filter((item) => item !== id) },
    });
  }
  for (const id of filters.chainIds) {
    chips.push({
      key: `chain-${id}`,
      label: options?.chains.find((chain) => chain.chain_id === id)?.name ?? `#${id}`,
      patch: { chainIds: filters.chainIds.filter((item) => item !== id) },
    });
  }
  if (chips.length === 0) return null;

  return (
    <div
      className="flex flex-wrap items-center gap-2"
      aria-label={t('filters.active')}
      role="group"
    >
      {chips.map((chip) => (
        <button
          key={chip.key}
          type="button"
          onClick={() => onChange(chip.patch)}
          aria-label={t('filters.remove', { filter: chip.label })}
          className="flex items-center gap-1 rounded-full border border-blue-700 bg-blue-50 px-3 py-1 text-sm text-blue-900 hover:bg-blue-100"
        >
          <span>{chip.label}</span>
          <span aria-hidden="true">✕</span>
        </button>
      ))}
      {chips.length > 1 && (
        <button
          type="button"
          onClick={() => onChange(NO_FILTERS)}
          className="px-2 py-1 text-sm font-medium text-blue-800 underline underline-offset-2"
        >
          {t('filters.clearAll')}
        </button>
      )}
    </div>
  );
}
