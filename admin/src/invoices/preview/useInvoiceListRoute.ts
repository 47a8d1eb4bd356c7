import { useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { idListParam } from '../edit/idList';
import { groupIdParam } from '../routeParams';
import { backLinkOf, type BackLink } from './previewNav';

/**
 * The route of a screen about some invoices of a group (`.../{invoiceGroupID}/invoice/{invoiceIDList}`:
 * Invoice Preview, Auto-charge): the group (null when not a group id), the invoice ids in URL order,
 * the screen that opened it (router state `from`, or the `from` query; passed on to the next screen) and the back link to it, else
 * the group's details.
 */
export function useInvoiceListRoute(): { groupId: number | null; ids: number[]; from: string | null; back: BackLink | undefined } {
  const params = useParams();
  const groupId = groupIdParam(params.invoiceGroupID);
  const ids = useMemo(() => idListParam(params.invoiceIDList ?? null) ?? [], [params.invoiceIDList]);
  const location = useLocation();
  const [search] = useSearchParams();
  const from = (location.state as { from?: string } | null)?.from ?? search.get('from');
  return { groupId, ids, from, back: groupId ? backLinkOf(from, groupId) : undefined };
}
