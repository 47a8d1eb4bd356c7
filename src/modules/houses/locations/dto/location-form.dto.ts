import { ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_ID } from '../../../../core/validation/int4';
import { Allow, IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/**
 * The Location form as both faces receive it. Only types are checked here; the rules and their
 * messages ("{field} is required", limits, postal format) live in location-rules.ts so that the
 * documented call and the REST resource answer the same field errors.
 *
 * The display fields of a listed location (location, showStates, stateName, countryName) are
 * accepted and ignored, so a client may post back a row it read.
 */
export class LocationFieldsDto {
  @ApiPropertyOptional({ maxLength: 75 }) @IsOptional() @IsString() facilityName?: string | null;
  @ApiPropertyOptional({ maxLength: 50, description: 'Street Address 1 (required)' }) @IsOptional() @IsString() addressStreet1?:
    string | null;
  @ApiPropertyOptional({ maxLength: 50 }) @IsOptional() @IsString() addressStreet2?: string | null;
  @ApiPropertyOptional({ maxLength: 50, description: 'City (required)' }) @IsOptional() @IsString() addressCity?: string | null;
  @ApiPropertyOptional({ description: 'Country code from GET /app/country (UK or GB for the United Kingdom; required)' })
  @IsOptional()
  @IsString()
  countryCode?: string | null;
  @ApiPropertyOptional({ description: 'State code from GET /app/states for US, CA, AU, UK (required there)' })
  @IsOptional()
  @IsString()
  stateCode?: string | null;
  @ApiPropertyOptional({ maxLength: 50, description: 'Free-text state/province for other countries (required there)' })
  @IsOptional()
  @IsString()
  province?: string | null;
  @ApiPropertyOptional({ maxLength: 32, description: "Postal code in the country's format (required)" })
  @IsOptional()
  @IsString()
  postalCode?: string | null;
  @ApiPropertyOptional({ maxLength: 40 }) @IsOptional() @IsString() addressPhone?: string | null;
  @ApiPropertyOptional({ maxLength: 40 }) @IsOptional() @IsString() addressFax?: string | null;
  @ApiPropertyOptional({ maxLength: 60 }) @IsOptional() @IsString() email?: string | null;
  @ApiPropertyOptional({ description: "IANA time zone; defaults to the country's when it has only one" })
  @IsOptional()
  @IsString()
  timeZoneID?: string | null;
  @ApiPropertyOptional({ description: 'true makes this the primary location; false on the primary is refused' })
  @IsOptional()
  @IsBoolean()
  primary?: boolean | null;
  @ApiPropertyOptional({ description: 'The version edited (from the list); a stale version answers 409' })
  @IsOptional()
  @IsInt()
  @Min(1)
  version?: number | null;

  // Display fields of a listed location: accepted, ignored.
  @ApiPropertyOptional({ description: 'Ignored (answered by the list)' }) @Allow() location?: string | null;
  @ApiPropertyOptional({ description: 'Ignored (answered by the list)' }) @Allow() showStates?: boolean | null;
  @ApiPropertyOptional({ description: 'Ignored (answered by the list)' }) @Allow() stateName?: string | null;
  @ApiPropertyOptional({ description: 'Ignored (answered by the list)' }) @Allow() countryName?: string | null;
}

/** `POST /app/house/{houseRef}/location`: the form plus `addressID` when editing. */
export class LocationFormDto extends LocationFieldsDto {
  @ApiPropertyOptional({ description: 'The location edited; absent or 0 for a new one' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_ID)
  addressID?: number | null;

  /** The listed row's id (same as addressID); used when addressID is absent. */
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_ID)
  id?: number | null;
}

/** `POST /api/locations` and `PUT /api/locations/{id}` (react-admin): the id comes from the URL; body ids are ignored. */
export class LocationResourceDto extends LocationFieldsDto {
  @ApiPropertyOptional({ description: 'Ignored: the URL names the location' }) @Allow() id?: number | string | null;
  @ApiPropertyOptional({ description: 'Ignored: the URL names the location' }) @Allow() addressID?: number | string | null;
}
