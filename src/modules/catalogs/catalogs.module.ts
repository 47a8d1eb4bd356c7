import { Module, OnModuleInit } from '@nestjs/common';
import { HousesModule } from '../houses/houses.module';
import { sessionsUsingAddressText } from '../houses/locations/address-usage';
import { LocationsService } from '../houses/locations/locations.service';
import { CatalogsService } from './catalogs.service';

/** Sales and sessions. The wizards, calendar and publishing build on this module. */
@Module({ imports: [HousesModule], providers: [CatalogsService], exports: [CatalogsService] })
export class CatalogsModule implements OnModuleInit {
  constructor(
    private readonly locations: LocationsService,
    private readonly catalogs: CatalogsService,
  ) {}

  onModuleInit(): void {
    // A session's sale location (catalog.address_id) cannot be deleted; the count comes from this module's service.
    this.locations.registerUsageCheck({
      name: 'sessions',
      usage: async (em, houseId, addressId) => {
        const n = await this.catalogs.sessionsAtAddress(houseId, addressId, em);
        return n === 0 ? null : sessionsUsingAddressText(n);
      },
    });
  }
}
