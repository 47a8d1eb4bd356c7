import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../../api/dataProvider';
import { useHouseAddresses } from '../../common/houseAddresses';
import { useHouseRef } from '../useHouseRef';
import { letterheadOf, type PrintLetterhead, type PrintMessage } from './printLetterhead';

/** The letterhead for a group's template (`invoiceGroupSettingsID`); null until loaded. */
export function usePrintLetterhead(houseName: string, templateId: number | null | undefined, enabled: boolean): PrintLetterhead | null {
  const dp = useAppDataProvider();
  const houseRef = useHouseRef();
  const addresses = useHouseAddresses();
  const template = useQuery({
    queryKey: ['app', 'invoiceGroupSettings', houseRef, templateId, 'print'],
    queryFn: async () =>
      (
        await dp.call<{ data: { groupSettings: { houseAddressID: number | null; messages: PrintMessage[] } } }>(
          'GET',
          `/app/house/${encodeURIComponent(houseRef)}/invoiceGroupSettings?groupSettingsID=${templateId}`,
        )
      ).data.groupSettings,
    enabled: enabled && houseRef !== '' && !!templateId,
    retry: false,
  });
  if (!enabled || addresses.isPending || (template.isPending && template.fetchStatus !== 'idle')) return null;
  return letterheadOf(houseName, template.data, addresses.data ?? []);
}
