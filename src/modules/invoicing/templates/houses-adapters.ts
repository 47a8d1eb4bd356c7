import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ALL_CODE, EU_CODE, toIso } from '@ar/rules';
import { GeoService } from '../../houses/geo/geo.service';
import { AddressUsageCheck } from '../../houses/locations/address-usage';
import { InvoiceTemplate } from './invoice-template.entity';
import { TemplateCountryList, TemplateGeo } from './template-ports';

/** The houses module's country and state lists, as the template rules need them. */
@Injectable()
export class GeoTemplateAdapter implements TemplateGeo {
  private readonly stateCache = new Map<string, readonly string[] | null>();

  constructor(private readonly geo: GeoService) {}

  countryCode(code: string): string | null {
    const c = code.trim().toUpperCase();
    if (c === EU_CODE) return EU_CODE;
    return this.geo.findCountry(c)?.countryCode ?? null;
  }

  stateCodes(countryCode: string): readonly string[] | null {
    let codes = this.stateCache.get(countryCode);
    if (codes === undefined) {
      codes = this.geo.hasStateList(countryCode) ? this.geo.statesOf(countryCode).map((s) => s.stateCode) : null;
      this.stateCache.set(countryCode, codes);
    }
    return codes;
  }

  listCode(countryCode: string, list: TemplateCountryList): string {
    if (list === 'tax' || countryCode === ALL_CODE || countryCode === EU_CODE) return countryCode;
    return toIso(countryCode);
  }
}

/** A location named as a template's invoice address cannot be deleted (registered with LocationsService). */
export const TEMPLATES_USING_ADDRESS: AddressUsageCheck = {
  name: 'invoice templates',
  async usage(em: EntityManager, houseId: number, addressId: number): Promise<string | null> {
    const n = await em.count(InvoiceTemplate, { house: houseId, houseAddress: addressId });
    if (n === 0) return null;
    return `This location is the address of ${n} invoice template${n === 1 ? '' : 's'} and cannot be deleted. Choose another location for ${n === 1 ? 'that template' : 'those templates'} first.`;
  },
};
