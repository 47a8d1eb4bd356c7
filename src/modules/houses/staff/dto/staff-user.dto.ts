import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsOptional, IsString } from 'class-validator';

/**
 * A staff user as the Users and Permissions form sends it (`/api/staff-users`). Types only: the rules
 * and messages are in staff-rules.ts. The read-only fields of a listed user are accepted and ignored,
 * so a client may send back a row it read; `isSuperUser: true` is refused (internal staff are set by
 * the CLI only).
 */
export class StaffUserDto {
  @ApiPropertyOptional({ description: 'Sign-in name, unique in the house (create only; fixed afterwards)' })
  @IsOptional()
  @IsString()
  userName?: string | null;
  @ApiPropertyOptional({ description: 'Required: the set-password link is mailed there' }) @IsOptional() @IsString() email?: string | null;
  @ApiPropertyOptional({ maxLength: 60 }) @IsOptional() @IsString() firstName?: string | null;
  @ApiPropertyOptional({ maxLength: 60 }) @IsOptional() @IsString() lastName?: string | null;

  @ApiPropertyOptional() @IsOptional() @IsBoolean() accessCustomer?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() accessBulkbiding?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() accessReports?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() accessConsole?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() accessInvoices?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() accessCalendar?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() accessSensitive?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() accessSettlement?: boolean;

  @ApiPropertyOptional({ description: 'Refused when true: set by the CLI only' }) @IsOptional() @IsBoolean() isSuperUser?: boolean;

  @Allow() id?: unknown;
  @Allow() userRef?: unknown;
  @Allow() isActive?: unknown;
  @Allow() deactivatedAt?: unknown;
  @Allow() lastLoginAt?: unknown;
  @Allow() createdAt?: unknown;
}

export class HouseContactDto {
  @ApiPropertyOptional({ enum: [1, 3, 4], description: '1 Consignment, 3 Sale Administrator, 4 Expert' }) @Allow() contactType?: unknown;
  @ApiPropertyOptional({ maxLength: 60 }) @IsOptional() @IsString() firstName?: string | null;
  @ApiPropertyOptional({ maxLength: 60 }) @IsOptional() @IsString() lastName?: string | null;
  @ApiPropertyOptional({ maxLength: 120 }) @IsOptional() @IsString() email?: string | null;
  @ApiPropertyOptional({ maxLength: 40 }) @IsOptional() @IsString() phone?: string | null;
  @Allow() id?: unknown;
  @Allow() contactTypeName?: unknown;
}
