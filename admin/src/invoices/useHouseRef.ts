import { useShellUser } from '../auth/useShellUser';

/** The signed-in house's reference for `/app/house/{houseRef}/...` calls ('' until loaded). */
export function useHouseRef(): string {
  return useShellUser().user?.houseInfo.houseRef ?? '';
}

/** Query keys of the invoice-group screens (invalidated together after a group is created). */
export const INVOICE_KEYS = {
  all: ['invoices'] as const,
  settings: (houseRef: string) => ['app', 'invoiceSettings', houseRef] as const,
  groups: (houseRef: string, page: number, start: string, end: string) => ['invoices', 'groups', houseRef, page, start, end] as const,
  details: (houseRef: string, groupId: number, q: object) => ['invoices', 'details', houseRef, groupId, q] as const,
  costPerLot: (houseRef: string, groupId: number) => ['invoices', 'costPerLot', houseRef, groupId] as const,
};
