/**
 * What the printed invoice shows above and below the items (issue 9): the house's name and the
 * address of the template's location, and the template's messages in sequence order. Loaded once
 * per print; the print layout itself stays a pure function of this data (the PDF reuses it).
 */
import type { HouseAddress } from '../../settings/locations/locationForm';

export interface PrintMessage {
  header: string;
  detail: string;
  sequence: number;
}

export interface PrintLetterhead {
  houseName: string;
  /** The location's lines: facility, street, city/region/postcode, country, phone and email. */
  addressLines: string[];
  messages: PrintMessage[];
}

/** A location as the letterhead prints it. */
export function addressLines(a: HouseAddress | null | undefined): string[] {
  if (!a) return [];
  const region = [a.addressCity, [a.stateCode || a.province, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [
    a.facilityName,
    a.addressStreet1,
    a.addressStreet2,
    region,
    a.countryName || a.countryCode,
    a.addressPhone ? `Tel. ${a.addressPhone}` : null,
    a.email,
  ]
    .map((p) => (p ?? '').trim())
    .filter(Boolean);
}

/** The template's messages with text, in sequence order (ties keep the template's order). */
export function messagesInSequence(messages: readonly PrintMessage[]): PrintMessage[] {
  return messages
    .map((m, i) => ({ m, i }))
    .filter(({ m }) => m.header.trim() !== '' || m.detail.trim() !== '')
    .sort((a, b) => a.m.sequence - b.m.sequence || a.i - b.i)
    .map(({ m }) => m);
}

/** The template's location, else the house's primary location. */
export function letterheadOf(
  houseName: string,
  template: { houseAddressID: number | null; messages: PrintMessage[] } | null | undefined,
  addresses: readonly HouseAddress[],
): PrintLetterhead {
  const chosen =
    addresses.find(
      (a) => template?.houseAddressID != null && (a.addressID === template.houseAddressID || a.id === template.houseAddressID),
    ) ??
    addresses.find((a) => a.primary) ??
    null;
  return { houseName, addressLines: addressLines(chosen), messages: messagesInSequence(template?.messages ?? []) };
}
