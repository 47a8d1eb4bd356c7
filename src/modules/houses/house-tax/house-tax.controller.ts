import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess, SignedIn } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { HousesService, type HouseTaxView } from '../houses.service';
import { HouseTaxDto } from './dto/house-tax.dto';

/**
 * `/api/house-tax`: the signed-in house's tax settings (its VAT rate), one record per house, so no id
 * in the path. Read by anyone signed in (the session definition answers it too); changed with
 * accessSensitive, like the Locations page it is edited on.
 */
@ApiTags('settings')
@Controller('api/house-tax')
export class HouseTaxController {
  constructor(private readonly houses: HousesService) {}

  @SignedIn()
  @Get()
  @ApiOperation({ summary: '{ id: houseRef, vatRate: "17.5" | null }' })
  get(@CurrentPrincipal() p: Principal): Promise<HouseTaxView> {
    return this.houses.tax(p.houseId);
  }

  @RequireAccess('accessSensitive')
  @Put()
  @ApiOperation({
    summary: 'Sets the VAT rate; 400 { errors: { vatRate } } unless blank or 0-100 with up to three decimals',
  })
  update(@CurrentPrincipal() p: Principal, @Body() dto: HouseTaxDto): Promise<HouseTaxView> {
    return this.houses.saveTax(p.houseId, dto.vatRate ?? null);
  }
}
