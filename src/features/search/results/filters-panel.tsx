// Filters from /api/hotels/filters, scoped to the destination (with counts). Every
// change is a new URL, so filters are shareable and back undoes them. Price is the
// total for the whole stay, in whole US dollars, as the shopper thinks of it.
import { useDeferredValue, useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { FiltersResponseData } from '../../../contract/index.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useMoney } from '../../../lib/money.tsx';
import type { SearchFilters } from '../../../stay/search-url.ts';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';

const COLLAPSED_COUNT = 8;

function toggle<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
}

const FILTER_INPUT =
  'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base focus:outline-2 focus:outline-offset-1 focus:outline-blue-700';

/** One end of the price range, in whole units of the shown currency (the hint says so). */
function PriceInput({
  id,
  label,
  min,
  value,
  onChange,
}: {
  id: string;
  label: string;
  min: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        step={1}
        value={value}
        aria-describedby="filter-price-hint"
        onChange={(event) => onChange(event.target.value)}
        className={FILTER_INPUT}
      />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border-b border-slate-200 py-4 first:pt-0">
      <legend className="mb-2 text-base font-bold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

function Check({
  label,
  count,
  checked,
  onChange,
}: {
  label: ReactNode;
  count?: number;
  checked: boolean;
  onChange: () => void;
}) {
  const { language } = useT();
  const id = useId();
  // Ticks at once: the URL (the truth) catches up when the navigation commits.
  const [shown, setShown] = useState(checked);
  const [was, setWas] = useState(checked);
  if (was !== checked) {
    setWas(checked);
    setShown(checked);
  }
  // The count describes the choice rather than naming it ("Free WiFi", 301 hotels).
  return (
    <div className="flex items-center gap-2 py-1 text-slate-900">
      <input
        id={id}
        type="checkbox"
        checked={shown}
        onChange={() => {
          setShown(!shown);
          onChange();
        }}
        aria-describedby={count === undefined ? undefined : `${id}-count`}
        className="size-4 accent-blue-700"
      />
      <label htmlFor={id} className="flex-1 cursor-pointer">
        {label}
      </label>
      {count !== undefined && (
        <span id={`${id}-count`} className="text-sm text-slate-600 tabular-nums">
          {formatNumber(count, language)}
        </span>
      )}
    </div>
  );
}

/**
 * A filter of many counted choices (property types, facilities, chains), each a check
 * box: the first few shown, the rest behind Show all.
 */
function ChoiceList<T extends { name: string; count?: number }, V>({
  items,
  valueOf,
  chosen,
  onChoose,
}: {
  items: readonly T[];
  valueOf: (item: T) => V;
  chosen: readonly V[];
  onChoose: (chosen: V[]) => void;
}) {
  const { t } = useT();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items.slice(0, COLLAPSED_COUNT);
  return (
    <>
      {shown.map((item) => {
        const value = valueOf(item);
        return (
          <Check
            key={String(value)}
            label={item.name}
            count={item.count}
            checked={chosen.includes(value)}
            onChange={() => onChoose(toggle(chosen, value))}
          />
        );
      })}
      {items.length > COLLAPSED_COUNT && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="mt-1 text-sm font-medium text-blue-800 underline underline-offset-2"
        >
          {expanded ? t('filters.showFewer') : t('filters.showAll', { count: items.length })}
        </button>
      )}
    </>
  );
}

export function FiltersPanel({
  filters,
  options,
  optionsFailed,
  onChange,
}: {
  filters: SearchFilters;
  options: FiltersResponseData | undefined;
  optionsFailed: boolean;
  onChange: (patch: Partial<SearchFilters>) => void;
}) {
  const { t } = useT();
  const money = useMoney();
  // The fields read and take whole units of the shopper's currency; the URL keeps USD.
  const dollars = (cents: number | null) => {
    const units = cents === null ? null : money.fromUsdCents(cents);
    return units === null ? '' : String(Math.round(units));
  };
  const [name, setName] = useState(filters.hotelName ?? '');
  const [priceMin, setPriceMin] = useState(dollars(filters.priceMinUsdCents));
  const [priceMax, setPriceMax] = useState(dollars(filters.priceMaxUsdCents));
  // The URL is the truth: when it changes (a chip removed, back), the text fields follow.
  // Adjusted during render rather than by remounting, so focus stays where it was.
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    setShown(filters);
    setName(filters.hotelName ?? '');
    setPriceMin(dollars(filters.priceMinUsdCents));
    setPriceMax(dollars(filters.priceMaxUsdCents));
  }

  function applyName(event: SubmitEvent) {
    event.preventDefault();
    onChange({ hotelName: name.trim() || null });
  }

  function applyPrice(event: SubmitEvent) {
    event.preventDefault();
    const cents = (text: string) => {
      const units = Number.parseInt(text, 10);
      return Number.isFinite(units) && units > 0 ? money.toUsdCents(units) : null;
    };
    let min = cents(priceMin);
    let max = cents(priceMax);
    if (min !== null && max !== null && min > max) [min, max] = [max, min];
    onChange({ priceMinUsdCents: min, priceMaxUsdCents: max });
  }

  return (
    <div>
      <form onSubmit={applyName} className="border-b border-slate-200 pb-4">
        <label
          htmlFor="filter-hotel-name"
          className="mb-2 block text-base font-bold text-slate-900"
        >
          {t('filters.hotelName')}
        </label>
        <div className="flex gap-2">
          <input
            id="filter-hotel-name"
            type="search"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            className={FILTER_INPUT}
          />
          <button type="submit" className={buttonClass({ variant: 'secondary' })}>
            {t('filters.apply')}
          </button>
        </div>
      </form>

      <Section title={t('filters.stars')}>
        {[5, 4, 3, 2, 1].map((stars) => (
          <Check
            key={stars}
            label={t('card.stars', { count: stars })}
            checked={filters.stars.includes(stars)}
            onChange={() => onChange({ stars: toggle(filters.stars, stars) })}
          />
        ))}
      </Section>

      <form onSubmit={applyPrice} className="border-b border-slate-200 py-4">
        <fieldset>
          <legend className="text-base font-bold text-slate-900">
            {t('filters.price', { currency: money.currency })}
          </legend>
          <p id="filter-price-hint" className="mb-2 text-sm text-slate-700">
            {t('filters.priceHint')}
          </p>
          <div className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <PriceInput
              id="filter-price-min"
              label={t('filters.priceMin')}
              min={0}
              value={priceMin}
              onChange={setPriceMin}
            />
            <PriceInput
              id="filter-price-max"
              label={t('filters.priceMax')}
              min={1}
              value={priceMax}
              onChange={setPriceMax}
            />
            <button type="submit" className={buttonClass({ variant: 'secondary' })}>
              {t('filters.apply')}
            </button>
          </div>
        </fieldset>
      </form>

      {optionsFailed && (
        <p role="alert" className="py-4 text-sm text-red-800">
          {t('filters.failed')}
        </p>
      )}
      {!options && !optionsFailed && (
        <LoadingStatus className="py-4 text-sm text-slate-700">
          {t('filters.loading')}
        </LoadingStatus>
      )}
      {options && options.property_types.length > 0 && (
        <Section title={t('filters.propertyTypes')}>
          <ChoiceList
            items={options.property_types}
            valueOf={(type) => type.value}
            chosen={filters.propertyTypes}
            onChoose={(propertyTypes) => onChange({ propertyTypes })}
          />
        </Section>
      )}
      {options && options.facilities.length > 0 && (
        <Section title={t('filters.facilities')}>
          <p className="mb-1 text-sm text-slate-700">{t('filters.facilitiesHint')}</p>
          <ChoiceList
            items={options.facilities}
            valueOf={(facility) => facility.facility_id}
            chosen={filters.facilityIds}
            onChoose={(facilityIds) => onChange({ facilityIds })}
          />
        </Section>
      )}
      {options && options.chains.length > 0 && (
        <Section title={t('filters.chains')}>
          <ChoiceList
            items={options.chains}
            valueOf={(chain) => chain.chain_id}
            chosen={filters.chainIds}
            onChoose={(chainIds) => onChange({ chainIds })}
          />
        </Section>
      )}
    </div>
  );
}

/** On phones the filters live in a drawer over the results. */
export function FiltersDrawer({
  open,
  onClose,
  doneLabel,
  ...panel
}: Parameters<typeof FiltersPanel>[0] & {
  open: boolean;
  onClose: () => void;
  doneLabel: string;
}) {
  const { t } = useT();
  // The tap opens the drawer with its heading and its button; the panel, a few dozen fields
  // and check boxes, is drawn in the render just after the dialog's first frame, so the tap
  // lays out a dialog and not every filter.
  const panelShown = useDeferredValue(true, false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('filters.title')}
      closeLabel={t('common.close')}
      variant="sheet"
      footer={
        <button type="button" onClick={onClose} className={buttonClass({ size: 'lg' }, 'w-full')}>
          {doneLabel}
        </button>
      }
    >
      {panelShown && <FiltersPanel {...panel} />}
    </Dialog>
  );
}
