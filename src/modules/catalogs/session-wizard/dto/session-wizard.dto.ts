import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
import { stepTrackerRangeText } from '@ar/rules';
import { MAX_ID } from '../../../../core/validation/int4';

// Only types are checked here: the rules and their messages are @ar/rules' session-rules.

/** `POST /cps/app/house/{houseID}/auction` (Add Sale). */
export class CreateSaleDto {
  @ApiProperty({ enum: ['0', '1'] }) @IsIn(['0', '1', 0, 1, true, false]) isTimed!: string | number | boolean;
  @ApiPropertyOptional({ maxLength: 120 }) @IsOptional() @IsString() title?: string | null;
  @ApiPropertyOptional({ description: 'The terms (invoice group settings) id' }) @Allow() termsID?: number | string | null;
}

/** `POST /cps/app/group/{groupID}/catalog` (step 1 of a new session) and `POST /cps/app/catalog/{catalogID}`. */
export class SessionBodyDto {
  @ApiPropertyOptional({ maxLength: 120 }) @IsOptional() @IsString() title?: string | null;
  @ApiPropertyOptional() @Allow() addressID?: number | string | null;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD or MM/DD/YYYY' }) @IsOptional() @IsString() date?: string | null;
  @ApiPropertyOptional({ description: 'Ignored: the first lot end date is the date' }) @Allow() dateEnd?: unknown;
  @ApiPropertyOptional({ description: '01-12' }) @Allow() hour?: string | number | null;
  @ApiPropertyOptional({ description: '00, 15, 30, 45' }) @Allow() minute?: string | number | null;
  @ApiPropertyOptional({ enum: ['AM', 'PM'] }) @IsOptional() @IsString() ampm?: string | null;
  @ApiPropertyOptional({ description: "'1' timed, '0' live" }) @Allow() isTimed?: unknown;
  @ApiPropertyOptional({ description: 'Timed: 1 staggered, 0 together' }) @Allow() timedType?: number | string | null;
  @ApiPropertyOptional({ description: 'Timed: seconds between lot ends' }) @Allow() timedValue?: number | string | null;
  @ApiPropertyOptional({ enum: ['Y', 'N'] }) @Allow() resellUnsoldLiveLots?: string | boolean | null;
  @ApiPropertyOptional({ enum: [0, 4] }) @IsOptional() @IsIn([0, 4]) audioVideo?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsString() description?: string | null;
  @ApiPropertyOptional({ maxLength: 2500 }) @IsOptional() @IsString() viewNotes?: string | null;
  // Sent by the spec's client; the server decides them.
  @Allow() creator?: unknown;
  @Allow() liveStatus?: unknown;
  @Allow() groupID?: unknown;
  @Allow() houseID?: unknown;
}

/** `POST /cps/app/diy-step-tracker/{catalogID}`. */
export class StepTrackerDto {
  // One message for every refusal of the value; a bin session's 6 is refused by the service (1-5).
  @ApiProperty({ minimum: 1, maximum: 6 })
  @IsInt({ message: stepTrackerRangeText('live') })
  @Min(1, { message: stepTrackerRangeText('live') })
  @Max(6, { message: stepTrackerRangeText('live') })
  step!: number;
}

/** `POST /cps/app/catalog/{catalogID}/categories`: the bare list of subcategory ids. */
export class CategoryIdsDto {
  @IsArray() @ArrayMaxSize(200) @IsInt({ each: true }) @Min(1, { each: true }) @Max(MAX_ID, { each: true }) categoryIDs!: number[];
}

export class ChannelValueDto {
  @ApiProperty() @IsInt() @Min(1) @Max(MAX_ID) channelID!: number;
  @ApiProperty({ enum: [0, 1, 2] }) @IsInt() @IsIn([0, 1, 2]) value!: number;
  @Allow() channelName?: unknown;
  @Allow() states?: unknown;
}

/** `POST /cps/app/catalog/{catalogID}/channels`: the bare list of channels with their chosen state. */
export class ChannelListDto {
  @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => ChannelValueDto) channels!: ChannelValueDto[];
}

/** `POST /cps/app/catalog/{catalogID}/contacts`: contact ids keyed by contact type (1, 3, 4); null clears. */
export class SessionContactsDto {
  @ApiPropertyOptional({ description: 'Consignment' }) @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) '1'?: number | null;
  @ApiPropertyOptional({ description: 'Sale Administrator' }) @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) '3'?: number | null;
  @ApiPropertyOptional({ description: 'Expert' }) @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) '4'?: number | null;
}

/** `POST /cps/app/catalog/{catalogID}/defaults`: what to keep as the session address's defaults (only keys sent). */
export class SessionDefaultsDto extends SessionContactsDto {
  @ApiPropertyOptional({ maxLength: 2500 }) @IsOptional() @IsString() viewNotes?: string | null;
}
