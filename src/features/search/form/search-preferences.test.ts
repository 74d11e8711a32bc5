// The recent searches and nationality kept in localStorage: what shoppers stored before the
// store had a version is read, not silently dropped; what does not read starts afresh.
import { afterEach, describe, expect, it } from 'vitest';
import { useSearchPreferences } from './search-preferences.ts';

const KEY = 'staylane.search';
const recent = {
  type: 'city',
  id: 2988507,
  label: 'Paris, France',
  query:
    'dest=city:2988507&label=Paris,%20France&checkin=2031-05-01&checkout=2031-05-03&rooms=2&nat=FR',
};

afterEach(() => {
  localStorage.clear();
  useSearchPreferences.setState({ recent: [], nationality: null });
});

describe('search preferences in storage', () => {
  it('reads the bare state stored before versions, and keeps it in the versioned format', async () => {
    localStorage.setItem(KEY, JSON.stringify({ nationality: 'FR', recent: [recent] }));
    await useSearchPreferences.persist.rehydrate();
    expect(useSearchPreferences.getState()).toMatchObject({ nationality: 'FR', recent: [recent] });
    useSearchPreferences.getState().nationalityChosen('DE');
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual({
      state: { nationality: 'DE', recent: [recent] },
      version: 1,
    });
  });

  it('starts afresh from what does not read', async () => {
    for (const stored of ['{"nationality":"france","recent":[]}', 'not json', '[1,2]']) {
      localStorage.setItem(KEY, stored);
      useSearchPreferences.setState({ recent: [], nationality: null });
      await useSearchPreferences.persist.rehydrate();
      expect(useSearchPreferences.getState()).toMatchObject({ nationality: null, recent: [] });
    }
  });
});
