import { EntityManager } from '@mikro-orm/postgresql';
import { House } from '../../src/modules/houses/house.entity';
import { HouseAddress } from '../../src/modules/houses/locations/house-address.entity';
import { SignedIn } from '../support/fixtures';
import { TestApp } from '../support/test-app';

/** A location of the house (a fixture row; the locations API has its own tests). */
export async function seedAddress(em: EntityManager, houseId: number, facilityName: string, deleted = false): Promise<number> {
  const a = em.create(HouseAddress, {
    house: em.getReference(House, houseId),
    facilityName,
    addressStreet1: '1 Main St',
    addressCity: 'Springfield',
    countryCode: 'US',
    stateCode: 'IL',
    postalCode: '62701',
    deletedAt: deleted ? new Date() : undefined,
  });
  await em.flush();
  return a.id;
}

/** A complete, valid documented save payload. */
export function payload(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    invoiceGroupID: 0,
    groupName: 'Spring Sale',
    subject: 'Your invoice from Spring Sale',
    fromName: 'Accounts',
    fromEmail: 'accounts@example.com',
    bccEmail: 'copy@example.com',
    houseAddressID: null,
    additionalChargesPerInvoice: true,
    additionalChargesPerLot: false,
    taxSettings: [
      {
        taxType: 'Sales Tax',
        taxRate: '6.125',
        taxCountryID: 'US',
        taxStateID: 'NY',
        taxHammer: true,
        taxLiveFee: false,
        taxPremium: true,
      },
    ],
    feeSettings: [
      { feeType: 'Handling', feeRate: '2.5', feeCountryID: 'ALL', feeStateID: 'ALL', feeHammer: true, feeLiveFee: true, feePremium: false },
    ],
    messages: [
      { header: 'Payment Option(s)', detail: 'Cards and wire', sequence: 1 },
      { header: 'Shipping Notes', detail: 'Ships in 5 days', sequence: 2 },
      { header: 'Pickup', detail: 'Saturdays', sequence: 3 },
    ],
    payPal: false,
    payPalEmail: '',
    ...over,
  };
}

export const settingsUrl = (houseRef: string) => `/app/house/${houseRef}/invoiceGroupSettings`;

export function postSettings(s: SignedIn, houseRef: string, body: unknown) {
  return s.agent
    .post(settingsUrl(houseRef))
    .set('X-CSRF-Token', s.csrf)
    .send(body as object);
}

/** Every template row of a house (template, taxes, fees, messages) as text, to prove a refusal changed nothing. */
export async function templateRows(t: TestApp, houseId: number): Promise<string> {
  const conn = t.em().getConnection();
  const parts: unknown[] = [];
  for (const table of ['invoice_template', 'template_tax_row', 'template_fee_row', 'template_message']) {
    parts.push(await conn.execute(`select * from "${table}" x where house_id = ? order by id`, [houseId]));
  }
  return JSON.stringify(parts);
}
