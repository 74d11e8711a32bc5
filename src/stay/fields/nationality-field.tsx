// Guest nationality: a searchable list from /api/master-data/nationalities in the UI
// language, loaded the first time the field is used. Until then the chosen code is
// named by Intl.DisplayNames, so the field never shows a bare "IN".
import { useQuery } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { Combobox } from '../../components/ui/combobox.tsx';
import type { Nationality } from '../../contract/index.ts';
import { regionName } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { sharedQueries } from '../../lib/queries.ts';

/** Accent- and case-insensitive, so "turk" finds "Türkiye" and "cote" "Côte d’Ivoire". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

export function filterNationalities(list: readonly Nationality[], text: string): Nationality[] {
  const query = fold(text.trim());
  if (query === '') return [...list];
  const starts: Nationality[] = [];
  const contains: Nationality[] = [];
  for (const item of list) {
    const name = fold(item.name);
    if (name.startsWith(query) || item.iso_code.toLowerCase() === query) starts.push(item);
    else if (name.includes(query)) contains.push(item);
  }
  return [...starts, ...contains];
}

export function NationalityField({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: string;
  onChange: (code: string) => void;
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t, language } = useT();
  const [used, setUsed] = useState(false);
  /** What the shopper typed; null shows the chosen nationality's name. */
  const [text, setText] = useState<string | null>(null);
  const list = useQuery({ ...sharedQueries.nationalities(language), enabled: used });
  const nationalities = list.data?.nationalities ?? [];
  const chosenName =
    nationalities.find((item) => item.iso_code === value)?.name ?? regionName(value, language);
  const options = text === null ? nationalities : filterNationalities(nationalities, text);

  return (
    <Combobox<Nationality>
      label={t('stay.nationality.label')}
      hint={t('stay.nationality.hint')}
      value={text ?? chosenName}
      onValueChange={setText}
      groups={[{ key: 'all', options }]}
      optionKey={(item) => item.iso_code}
      renderOption={(item) => item.name}
      onSelect={(item) => {
        onChange(item.iso_code);
        setText(null);
      }}
      onFocus={() => setUsed(true)}
      openOnFocus
      autoActivateFirst={text !== null && text.trim() !== ''}
      emptyText={
        list.isError
          ? t('stay.nationality.failed')
          : list.isPending
            ? t('app.loading')
            : t('stay.nationality.none')
      }
      announceCount={(count) => t('common.combobox.count', { count })}
      error={error}
      inputRef={inputRef}
      onBlur={() => setText(null)}
    />
  );
}
