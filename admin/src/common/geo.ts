import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../api/dataProvider';

/** `GET /app/country` and `GET /app/states` (spec 000 section 7, 001 section 7). */
export interface Country {
  countryCode: string;
  countryName: string;
}

export interface State {
  countryCode: string;
  stateCode: string;
  stateName: string;
}

/**
 * Which country list: `location` (US, CA, UK, AU first), `tax` (ALL and EU first, then UK, US,
 * CA, AU), `processorTax` (the tax list without the US, the UK spelled GB).
 */
export type CountryList = 'location' | 'tax' | 'processorTax';

/** Reference data that changes with a deploy at most: fetched once per session. */
const FOREVER = { staleTime: Infinity, gcTime: Infinity } as const;

export function useCountries(list: CountryList = 'location') {
  const dp = useAppDataProvider();
  return useQuery({
    queryKey: ['app', 'country', list],
    queryFn: async () => {
      const qs = list === 'location' ? '' : `?list=${list}`;
      const res = await dp.call<{ data: { countries: Country[] } }>('GET', `/app/country${qs}`);
      return res.data.countries;
    },
    ...FOREVER,
  });
}

/** The states of a country (refetched whenever the country changes); none for a blank country. */
export function useStates(countryCode: string | null | undefined, list: CountryList = 'location') {
  const dp = useAppDataProvider();
  const country = (countryCode ?? '').trim();
  return useQuery({
    queryKey: ['app', 'states', country, list],
    queryFn: async () => {
      const qs = new URLSearchParams({ country });
      if (list !== 'location') qs.set('list', list);
      const res = await dp.call<{ data: { states: State[] } }>('GET', `/app/states?${qs}`);
      return res.data.states;
    },
    enabled: country !== '',
    ...FOREVER,
  });
}
