import { describe, expect, it } from '@jest/globals';
import type { UninvoicedAuctionGroup } from '../invoiceApi';
import { INVOICE_TEXT } from '../invoiceTexts';
import {
  EMPTY_SELECTION,
  formErrors,
  isGroupDisabled,
  isSelected,
  mixesLocations,
  nameCounter,
  selectionOf,
  storedGroupName,
  toggleGroup,
  toggleSession,
} from './uninvoicedSelection';

const session = (ref: string, addressID: number | null = 1) => ({
  catalogRef: ref,
  catalogID: 1,
  catalogDateFull: '',
  catalogDate: '09/06/2026',
  catalogTitle: ref,
  addressID,
});
const autumn: UninvoicedAuctionGroup = { groupID: 1, groupName: 'Autumn', catalogs: [session('A1'), session('A2'), session('A3', 2)] };
const winter: UninvoicedAuctionGroup = { groupID: 2, groupName: 'Winter', catalogs: [session('W1', 2)] };

describe('uninvoiced sessions selection', () => {
  it('selects sessions of one group and disables the other groups', () => {
    let sel = toggleSession(EMPTY_SELECTION, autumn, autumn.catalogs[0]);
    sel = toggleSession(sel, autumn, autumn.catalogs[1]);
    expect(sel.sessions.map((s) => s.catalogRef)).toEqual(['A1', 'A2']);
    expect(isGroupDisabled(sel, 2)).toBe(true);
    expect(isGroupDisabled(sel, 1)).toBe(false);
    expect(toggleSession(sel, winter, winter.catalogs[0])).toBe(sel);
    expect(toggleGroup(sel, winter)).toBe(sel);
  });

  it("reads the selection back from the list's selected ids (check order) and the sale they belong to", () => {
    const sel = selectionOf(autumn, ['A3', 'A1']);
    expect(sel).toEqual({ groupID: 1, groupName: 'Autumn', sessions: [autumn.catalogs[2], autumn.catalogs[0]] });
    expect(isGroupDisabled(sel, 2)).toBe(true);
    // Ids of no session of the sale (e.g. invoiced meanwhile), or no sale: nothing is selected.
    expect(selectionOf(autumn, ['W1'])).toBe(EMPTY_SELECTION);
    expect(selectionOf(null, ['A1'])).toBe(EMPTY_SELECTION);
  });

  it('frees the other groups once nothing is selected', () => {
    let sel = toggleSession(EMPTY_SELECTION, autumn, autumn.catalogs[0]);
    sel = toggleSession(sel, autumn, autumn.catalogs[0]);
    expect(sel).toEqual(EMPTY_SELECTION);
    expect(isGroupDisabled(sel, 2)).toBe(false);
  });

  it('selects and unselects a whole group', () => {
    const sel = toggleGroup(EMPTY_SELECTION, autumn);
    expect(['A1', 'A2', 'A3'].every((r) => isSelected(sel, r))).toBe(true);
    expect(toggleGroup(sel, autumn)).toEqual(EMPTY_SELECTION);
  });

  it('finds sessions with different sale locations', () => {
    expect(mixesLocations([session('a', 1), session('b', 1)])).toBe(false);
    expect(mixesLocations([session('a', 1), session('b', 2)])).toBe(true);
    expect(mixesLocations([session('a', null), session('b', 1)])).toBe(true);
  });

  it('requires a template, a group name and a session', () => {
    expect(formErrors({ templateId: '', groupName: '  ' }, EMPTY_SELECTION)).toEqual({
      invoiceSettingsID: INVOICE_TEXT.templateRequired,
      groupTitle: INVOICE_TEXT.nameRequired,
      catalogRefs: INVOICE_TEXT.sessionsRequired,
    });
    expect(formErrors({ templateId: '1', groupName: 'Autumn' }, toggleGroup(EMPTY_SELECTION, autumn))).toEqual({});
  });

  it("counts the name's characters against 50 and shows how a longer name is cut", () => {
    expect(nameCounter('Autumn')).toBe('6/50');
    const long = 'x'.repeat(60);
    expect(storedGroupName(long)).toBe(`${'x'.repeat(50)}...`);
    expect(storedGroupName('x'.repeat(50))).toBe('x'.repeat(50));
  });
});
