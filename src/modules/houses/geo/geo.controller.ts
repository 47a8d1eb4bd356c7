import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { SignedIn } from '../../../core/auth/access.decorators';
import { DomainError } from '../../../core/errors/domain-error';
import { COUNTRY_LISTS, CountryListKind } from './geo-data';
import { GeoService } from './geo.service';

function listKind(raw: unknown): CountryListKind {
  if (raw === undefined || raw === '') return 'location';
  if (typeof raw === 'string' && (COUNTRY_LISTS as readonly string[]).includes(raw)) return raw as CountryListKind;
  throw new DomainError('bad_request', 'BAD_QUERY', `Query parameter list must be one of ${COUNTRY_LISTS.join(', ')}.`);
}

/** Reference data for every signed-in user (forms, wizards, reports), in the spec's documented shapes. */
@ApiTags('reference data')
@Controller('app')
export class GeoController {
  constructor(private readonly geo: GeoService) {}

  @SignedIn()
  @Get('country')
  @Header('Cache-Control', 'private, max-age=3600')
  @ApiQuery({
    name: 'list',
    required: false,
    enum: COUNTRY_LISTS,
    description: 'location (default): US, CA, UK, AU first; tax: ALL, EU, UK, US, CA, AU first; processorTax: tax without US, GB spelling',
  })
  country(@Query('list') list?: string) {
    return { data: { countries: this.geo.countries(listKind(list)) } };
  }

  @SignedIn()
  @Get('states')
  @Header('Cache-Control', 'private, max-age=3600')
  @ApiQuery({ name: 'country', required: true, description: 'Country code (UK or GB for the United Kingdom)' })
  @ApiQuery({ name: 'list', required: false, enum: COUNTRY_LISTS, description: 'tax and processorTax prepend the ALL pseudo-state' })
  states(@Query('country') country?: string, @Query('list') list?: string) {
    if (typeof country !== 'string' || country.trim() === '') {
      throw new DomainError('bad_request', 'BAD_QUERY', 'Query parameter country is required.');
    }
    return { data: { states: this.geo.statesOf(country, listKind(list)) } };
  }
}
