// The destination combobox over /api/destinations/autocomplete: debounced, the previous
// request aborted when the text moves on (the query key changes and React Query aborts
// its signal), options grouped as cities / places / hotels with their country, and
// recent searches offered before anything is typed.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { Combobox, type ComboboxGroup } from '../../../components/ui/combobox.tsx';
import {
  AUTOCOMPLETE_LIMITS,
  type Destination,
  type DestinationRef,
} from '../../../contract/index.ts';
import { useT, type MessageId } from '../../../lib/i18n.ts';
import { SEARCH_PARAMS } from '../../../stay/search-url.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useRecentSearches, type RecentSearch } from './search-preferences.ts';
import { searchQueries } from '../search-queries.ts';
import { DataText } from '../../../components/ui/data-text.tsx';

export const AUTOCOMPLETE_DEBOUNCE_MS = 250;

export interface ChosenDestination {
  ref: DestinationRef;
  label: string;
}

type Option =
  { kind: 'destination'; destination: Destination } | { kind: 'recent'; recent: RecentSearch };

const TYPE_LABEL: Record<string, MessageId> = {
  city: 'search.destination.type.city',
  hotel: 'search.destination.type.hotel',
  region: 'search.destination.type.region',
  island: 'search.destination.type.island',
  locality: 'search.destination.type.locality',
  neighbourhood: 'search.destination.type.neighbourhood',
};

function typeLabelKey(destination: Pick<Destination, 'type' | 'place_type'>): MessageId {
  return (
    TYPE_LABEL[
      destination.type === 'place' ? (destination.place_type ?? 'region') : destination.type
    ] ?? 'search.destination.type.region'
  );
}

export function DestinationField({
  text,
  onTextChange,
  onChoose,
  error,
  inputRef,
  debounceMs = AUTOCOMPLETE_DEBOUNCE_MS,
  chosenLabel = null,
}: {
  debounceMs?: number;
  /** The label of the destination already chosen: showing it is not a query. */
  chosenLabel?: string | null;
  text: string;
  onTextChange: (text: string) => void;
  onChoose: (destination: ChosenDestination, recent: RecentSearch | null) => void;
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t, language } = useT();
  const recent = useRecentSearches();
  const query = text.trim();
  const debounced = useDebouncedValue(query, debounceMs);
  const browsing = query.length < AUTOCOMPLETE_LIMITS.minQuery || text === chosenLabel;
  const searching =
    !browsing && debounced.length >= AUTOCOMPLETE_LIMITS.minQuery && debounced === query;
  const suggestions = useQuery({
    ...searchQueries.autocomplete(debounced, language),
    enabled: searching,
    placeholderData: keepPreviousData,
  });

  const groups: ComboboxGroup<Option>[] = [];
  let emptyText: string | null = null;
  if (browsing) {
    groups.push({
      key: 'recent',
      label: t('search.destination.recent'),
      // The same place searched for other dates is offered once: its latest search.
      options: recent
        .filter(
          (item, index) =>
            recent.findIndex((other) => other.type === item.type && other.id === item.id) === index,
        )
        .map((item) => ({ kind: 'recent', recent: item })),
    });
    emptyText =
      query.length > 0 && query.length < AUTOCOMPLETE_LIMITS.minQuery
        ? t('search.destination.typeMore')
        : null;
  } else {
    const current = suggestions.data && !suggestions.isPlaceholderData ? suggestions.data : null;
    const destinations = (current ?? suggestions.data)?.destinations ?? [];
    const of = (type: Destination['type']) =>
      destinations
        .filter((destination) => destination.type === type)
        .map((destination): Option => ({ kind: 'destination', destination }));
    groups.push(
      { key: 'city', label: t('search.destination.group.cities'), options: of('city') },
      { key: 'place', label: t('search.destination.group.places'), options: of('place') },
      { key: 'hotel', label: t('search.destination.group.hotels'), options: of('hotel') },
    );
    if (suggestions.isError) emptyText = t('search.destination.failed');
    else if (!current || query !== debounced) emptyText = t('search.destination.searching');
    else if (destinations.length === 0) emptyText = t('search.destination.none', { query });
  }

  return (
    <Combobox<Option>
      label={t('search.destination.label')}
      placeholder={t('search.destination.placeholder')}
      value={text}
      onValueChange={onTextChange}
      groups={groups}
      emptyText={emptyText}
      openOnFocus
      autoActivateFirst={!browsing}
      announceCount={(count) => t('common.combobox.count', { count })}
      error={error}
      inputRef={inputRef}
      inputProps={{ name: SEARCH_PARAMS.typed, required: true, 'aria-required': true }}
      optionKey={(option) =>
        option.kind === 'recent'
          ? `recent-${option.recent.type}-${option.recent.id}`
          : `${option.destination.type}-${option.destination.id}`
      }
      onSelect={(option) => {
        if (option.kind === 'recent') {
          const { type, id, label } = option.recent;
          onChoose({ ref: { type, id }, label }, option.recent);
        } else {
          const { type, id, label } = option.destination;
          onChoose({ ref: { type, id }, label }, null);
        }
      }}
      renderOption={(option, active) => {
        const muted = active ? 'text-blue-100' : 'text-slate-600';
        if (option.kind === 'recent') {
          return (
            <span className="flex items-center gap-2">
              <span aria-hidden="true">↺</span>
              <span>{option.recent.label}</span>
            </span>
          );
        }
        const { destination } = option;
        return (
          <span className="flex items-baseline justify-between gap-3">
            <span className="min-w-0">
              <span className="block font-medium">{destination.name}</span>
              <DataText as="span" oneLine className={`text-sm ${muted}`}>
                {destination.label}
              </DataText>
            </span>
            <span className={`shrink-0 text-xs ${muted}`}>
              {t(typeLabelKey(destination))}
              {destination.type !== 'hotel' && destination.hotel_count !== undefined && (
                <>
                  {' · '}
                  {t('search.destination.hotelCount', { count: destination.hotel_count })}
                </>
              )}
            </span>
          </span>
        );
      }}
    />
  );
}
