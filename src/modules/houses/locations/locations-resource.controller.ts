import { Body, Controller, Delete, Get, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, RequireAccess, SignedIn } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { contentRange, parseRaListQuery } from '../../../core/http/ra-list-query';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { LocationResourceDto } from './dto/location-form.dto';
import { locationNotFound } from './location-id';
import { HouseAddressView } from './location-view';
import { LOCATION_SORTABLE, LocationsService } from './locations.service';

/**
 * `/api/locations` for react-admin (ra-data-simple-rest) and API consumers: the same service and
 * rules as the documented calls; field errors come back as `{ errors: { field: message } }`.
 */
@ApiTags('locations')
@Controller('api/locations')
export class LocationsResourceController {
  constructor(private readonly locations: LocationsService) {}

  @SignedIn()
  @Get()
  @ApiOperation({
    summary: `List: sort by ${LOCATION_SORTABLE.join(', ')}; filter={"q": text, "id": [ids], "primary": bool, "countryCode": code}; total in Content-Range`,
  })
  async getList(
    @CurrentPrincipal() p: Principal,
    @Query() query: RaListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<HouseAddressView[]> {
    const q = parseRaListQuery(query, { sortable: LOCATION_SORTABLE });
    const { rows, total } = await this.locations.page(p.houseId, q);
    res.setHeader('Content-Range', contentRange('locations', q.offset, rows.length, total));
    return rows;
  }

  @SignedIn()
  @Get(':id')
  getOne(@CurrentPrincipal() p: Principal, @IdParam('id', locationNotFound) id: number): Promise<HouseAddressView> {
    return this.locations.get(p.houseId, id);
  }

  @RequireAccess('accessSensitive')
  @Post()
  create(@CurrentPrincipal() p: Principal, @Body() dto: LocationResourceDto): Promise<HouseAddressView> {
    const { id: _id, addressID: _addressID, ...fields } = dto;
    return this.locations.save(p.houseId, { ...fields, addressID: null });
  }

  @RequireAccess('accessSensitive')
  @Put(':id')
  update(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', locationNotFound) id: number,
    @Body() dto: LocationResourceDto,
  ): Promise<HouseAddressView> {
    const { id: _id, addressID: _addressID, ...fields } = dto;
    return this.locations.save(p.houseId, { ...fields, addressID: id });
  }

  @RequireAccess('accessSensitive')
  @Delete(':id')
  remove(@CurrentPrincipal() p: Principal, @IdParam('id', locationNotFound) id: number): Promise<HouseAddressView> {
    return this.locations.delete(p.houseId, id);
  }
}
