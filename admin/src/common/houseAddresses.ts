import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../api/dataProvider';
import type { HouseAddress } from '../settings/locations/locationForm';

export type { HouseAddress };

/** The query every screen listing the house's locations shares (Locations, invoice templates, wizards). */
export const HOUSE_ADDRESSES_KEY = ['app', 'house', 'address'] as const;

/** `GET /app/house/address` -> `data.houseAddresses` (primary first). */
export function useHouseAddresses() {
  const dp = useAppDataProvider();
  return useQuery({
    queryKey: HOUSE_ADDRESSES_KEY,
    queryFn: async () => (await dp.call<{ data: { houseAddresses: HouseAddress[] } }>('GET', '/app/house/address')).data.houseAddresses,
  });
}
