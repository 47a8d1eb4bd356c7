import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { parseVatRate, vatRateError, vatRateText } from '@ar/rules';
import { DomainError } from '../../core/errors/domain-error';
import { House } from './house.entity';
import { HousesError, HousesErrorCode } from './houses.errors';
import { newRef } from './identity/secrets';

/** The house's tax settings as `/api/house-tax` answers them: the VAT rate as the field shows it, null for none. */
export interface HouseTaxView {
  id: string;
  vatRate: string | null;
}

export type NewHouse = Partial<Omit<House, 'id' | 'createdAt' | 'updatedAt'>> & Pick<House, 'houseUserName' | 'name'>;

/** Houses (tenants) and their settings; other modules read house settings through this service. */
@Injectable()
export class HousesService {
  constructor(private readonly em: EntityManager) {}

  async create(input: NewHouse): Promise<House> {
    const houseUserName = input.houseUserName.trim().toLowerCase();
    if (await this.em.count(House, { houseUserName })) {
      throw new HousesError(HousesErrorCode.HOUSE_NAME_TAKEN, `A house named "${houseUserName}" already exists.`);
    }
    const house = this.em.create(House, { ...input, houseUserName, houseRef: input.houseRef ?? newRef('H') });
    await this.em.persistAndFlush(house);
    return house;
  }

  /** Sign-in accepts the house user name (any case) or its houseRef. */
  findBySignInName(name: string): Promise<House | null> {
    const n = name.trim();
    return this.em.findOne(House, { $or: [{ houseUserName: n.toLowerCase() }, { houseRef: n }] });
  }

  async getById(id: number): Promise<House> {
    const house = await this.em.findOne(House, { id });
    if (!house) throw new HousesError(HousesErrorCode.HOUSE_NOT_FOUND, 'House not found.');
    return house;
  }

  /** Records that the house accepted the dispute terms (spec 001: stored on the house as disputeTermsAccepted). */
  async acceptDisputeTerms(id: number): Promise<void> {
    await this.em.getConnection().execute('update house set dispute_terms_accepted = true where id = ?', [id]);
  }

  async tax(id: number): Promise<HouseTaxView> {
    const house = await this.getById(id);
    return { id: house.houseRef, vatRate: house.vatRate == null ? null : vatRateText(house.vatRate) };
  }

  /** Sets the VAT rate (blank or null: none); 400 with the field's text otherwise, nothing changed. */
  async saveTax(id: number, vatRate: string | null): Promise<HouseTaxView> {
    const error = vatRateError(vatRate);
    if (error) throw DomainError.validation({ vatRate: error });
    const house = await this.getById(id);
    house.vatRate = parseVatRate(vatRate);
    await this.em.flush();
    return { id: house.houseRef, vatRate: house.vatRate === null ? null : vatRateText(house.vatRate) };
  }

  count(): Promise<number> {
    return this.em.count(House, {});
  }
}
