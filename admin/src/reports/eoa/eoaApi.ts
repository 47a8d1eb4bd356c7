import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EoaLot, EoaView } from '@ar/rules';
import { EOA_LOTS } from '../../api/appListResources';
import { useAppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';

export { EOA_LOTS };
export type { EoaLotRecord } from './eoaLotsList';

/** The EOA path of a session (from the Sales Results list). */
export const eoaPath = (catalogRef: string) => `/reports/eoa/${encodeURIComponent(catalogRef)}`;

export const EOA_KEY = (houseRef: string, catalogRef: string) => ['reports', 'eoa', houseRef, catalogRef] as const;

export function useEoa(houseRef: string, catalogRef: string) {
  const dp = useAppDataProvider();
  return useQuery({
    queryKey: EOA_KEY(houseRef, catalogRef),
    queryFn: async () => (await dp.call<{ data: EoaView }>('GET', housePath(houseRef, `eoa/${encodeURIComponent(catalogRef)}`))).data,
    enabled: !!houseRef && !!catalogRef,
  });
}

type Answer = { data: { changed: boolean; lot: EoaLot } };

/** The three corrections; each reloads the view (totals, audit trail) and the lot list once answered. */
export function useEoaActions(houseRef: string, catalogRef: string) {
  const dp = useAppDataProvider();
  const client = useQueryClient();
  const call = async (lotId: number, what: 'hammer' | 'buyer' | 'pass', body: object) => {
    const res = await dp.call<Answer>('POST', housePath(houseRef, `eoa/lots/${lotId}/${what}`), body);
    await Promise.all([
      client.invalidateQueries({ queryKey: EOA_KEY(houseRef, catalogRef) }),
      client.invalidateQueries({ queryKey: [EOA_LOTS] }),
    ]);
    return res.data;
  };
  return {
    hammer: (lotId: number, hammer: string) => call(lotId, 'hammer', { hammer }),
    buyer: (lotId: number, paddle: string, hammer: string) => call(lotId, 'buyer', hammer.trim() ? { paddle, hammer } : { paddle }),
    pass: (lotId: number) => call(lotId, 'pass', {}),
  };
}

/** The EOA download: a link the browser follows with the session cookie (the server names the file). */
export function eoaDownloadPath(houseRef: string, catalogRef: string, format: 'csv' | 'xlsx'): string {
  return `${housePath(houseRef, `eoa/${encodeURIComponent(catalogRef)}/download`)}?format=${format}`;
}
