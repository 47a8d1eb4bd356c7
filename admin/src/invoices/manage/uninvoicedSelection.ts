/**
 * The Uninvoiced Sessions selection (spec 000 sections 2 and 5): sessions of one sale (auction
 * group) only — selecting a session of one group disables the other groups' checkboxes — and
 * they must share a sale location. The form needs a template, a group name and a session.
 */
import { GROUP_NAME_MAX, INVOICE_TEXT } from '../invoiceTexts';
import type { UninvoicedAuctionGroup, UninvoicedCatalog } from '../invoiceApi';

export interface Selection {
  groupID: number | null;
  groupName: string;
  /** Selected sessions of that group, by catalogRef. */
  sessions: UninvoicedCatalog[];
}

export const EMPTY_SELECTION: Selection = { groupID: null, groupName: '', sessions: [] };

/** Checks or unchecks one session; a session of another group than the selected one is refused. */
export function toggleSession(sel: Selection, group: UninvoicedAuctionGroup, session: UninvoicedCatalog): Selection {
  if (sel.groupID !== null && sel.groupID !== group.groupID) return sel;
  const has = sel.sessions.some((s) => s.catalogRef === session.catalogRef);
  const sessions = has ? sel.sessions.filter((s) => s.catalogRef !== session.catalogRef) : [...sel.sessions, session];
  return sessions.length ? { groupID: group.groupID, groupName: group.groupName, sessions } : EMPTY_SELECTION;
}

/** Checks every session of the group (or unchecks them all when all are checked). */
export function toggleGroup(sel: Selection, group: UninvoicedAuctionGroup): Selection {
  if (sel.groupID !== null && sel.groupID !== group.groupID) return sel;
  const all = group.catalogs.every((c) => sel.sessions.some((s) => s.catalogRef === c.catalogRef));
  return all || !group.catalogs.length
    ? EMPTY_SELECTION
    : { groupID: group.groupID, groupName: group.groupName, sessions: [...group.catalogs] };
}

/**
 * The selection held as the list's selected ids (catalogRefs, in the order they were checked) and
 * the sale they belong to (kept while another page of sales shows).
 */
export function selectionOf(sale: UninvoicedAuctionGroup | null, ids: readonly unknown[]): Selection {
  if (!sale) return EMPTY_SELECTION;
  const sessions = ids.flatMap((id) => sale.catalogs.filter((c) => c.catalogRef === id));
  return sessions.length ? { groupID: sale.groupID, groupName: sale.groupName, sessions } : EMPTY_SELECTION;
}

export const isSelected = (sel: Selection, catalogRef: string) => sel.sessions.some((s) => s.catalogRef === catalogRef);

/** Spec: "Selecting sessions of one group disables checkboxes of the other groups". */
export const isGroupDisabled = (sel: Selection, groupID: number) => sel.groupID !== null && sel.groupID !== groupID;

/** Sessions with different sale locations (a session without one differs from one with one). */
export function mixesLocations(sessions: readonly Pick<UninvoicedCatalog, 'addressID'>[]): boolean {
  return new Set(sessions.map((s) => s.addressID ?? null)).size > 1;
}

export interface GroupForm {
  templateId: string;
  groupName: string;
}

/** The field messages of the form (empty when it may be sent). */
export function formErrors(
  form: GroupForm,
  sel: Selection,
): Record<'invoiceSettingsID' | 'groupTitle' | 'catalogRefs', string> | Record<string, never> {
  const errors: Record<string, string> = {};
  if (!form.templateId) errors.invoiceSettingsID = INVOICE_TEXT.templateRequired;
  if (!form.groupName.trim()) errors.groupTitle = INVOICE_TEXT.nameRequired;
  if (!sel.sessions.length) errors.catalogRefs = INVOICE_TEXT.sessionsRequired;
  return errors;
}

/** The name as the server stores it: over 50 characters it keeps 50 and gets '...' (spec section 5). */
export function storedGroupName(name: string): string {
  const chars = [...name.trim()];
  return chars.length > GROUP_NAME_MAX ? `${chars.slice(0, GROUP_NAME_MAX).join('')}...` : chars.join('');
}

/** The counter under the name field: 'n/50'. */
export const nameCounter = (name: string) => `${[...name].length}/${GROUP_NAME_MAX}`;
