import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { STAFF_USER_TEXT } from '@ar/rules';
import { CurrentPrincipal, RequireAccess, SignedIn } from '../../../core/auth/access.decorators';
import { ACCESS_FLAGS, AccessFlags } from '../../../core/auth/access-flags';
import { Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';
import { IdParam } from '../../../core/http/id-param';
import { contentRange, parseRaListQuery } from '../../../core/http/ra-list-query';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { HouseContactDto, StaffUserDto } from './dto/staff-user.dto';
import {
  contactNotFound,
  ContactTypesView,
  HOUSE_CONTACT_SORTABLE,
  HouseContactsService,
  HouseContactView,
} from './house-contacts.service';
import { STAFF_USER_SORTABLE, StaffAdminService, StaffUserInput, staffUserNotFound, StaffUserView } from './staff-admin.service';
import { StaffRuleCode } from './staff-rules';

function inputOf(dto: StaffUserDto): StaffUserInput {
  if (dto.isSuperUser === true) throw new DomainError('forbidden', StaffRuleCode.INTERNAL_STAFF, STAFF_USER_TEXT.internalStaff);
  const flags: Partial<AccessFlags> = {};
  for (const f of ACCESS_FLAGS) if (dto[f] !== undefined) flags[f] = dto[f];
  return { userName: dto.userName, email: dto.email, firstName: dto.firstName, lastName: dto.lastName, flags };
}

/**
 * Users and Permissions (`/api/staff-users`, react-admin resource `staff-users`): every call needs
 * accessSensitive, like the page. Rules in staff-rules.ts; docs/decisions/users-permissions.md.
 */
@ApiTags('staff-users')
@Controller('api/staff-users')
export class StaffUsersController {
  constructor(private readonly staff: StaffAdminService) {}

  @RequireAccess('accessSensitive')
  @Get()
  @ApiOperation({
    summary: `List: sort by ${STAFF_USER_SORTABLE.join(', ')}; filter={"q": text, "isActive": bool}; total in Content-Range`,
  })
  async getList(
    @CurrentPrincipal() p: Principal,
    @Query() query: RaListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StaffUserView[]> {
    const q = parseRaListQuery(query, { sortable: STAFF_USER_SORTABLE });
    const { rows, total } = await this.staff.page(p.houseId, q);
    res.setHeader('Content-Range', contentRange('staff-users', q.offset, rows.length, total));
    return rows;
  }

  @RequireAccess('accessSensitive')
  @Get(':id')
  getOne(@CurrentPrincipal() p: Principal, @IdParam('id', staffUserNotFound) id: number): Promise<StaffUserView> {
    return this.staff.get(p.houseId, id);
  }

  @RequireAccess('accessSensitive')
  @Post()
  @ApiOperation({ summary: 'Adds a user and mails them a single-use link to set their password (INVITE_LINK_HOURS)' })
  create(@CurrentPrincipal() p: Principal, @Body() dto: StaffUserDto): Promise<StaffUserView> {
    return this.staff.create(p, inputOf(dto));
  }

  @RequireAccess('accessSensitive')
  @Put(':id')
  update(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', staffUserNotFound) id: number,
    @Body() dto: StaffUserDto,
  ): Promise<StaffUserView> {
    const { userName: _fixed, ...rest } = inputOf(dto);
    return this.staff.update(p, id, rest);
  }

  @RequireAccess('accessSensitive')
  @Post(':id/deactivate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign-in refused and every session ended at once' })
  deactivate(@CurrentPrincipal() p: Principal, @IdParam('id', staffUserNotFound) id: number): Promise<StaffUserView> {
    return this.staff.deactivate(p, id);
  }

  @RequireAccess('accessSensitive')
  @Post(':id/reactivate')
  @HttpCode(200)
  reactivate(@CurrentPrincipal() p: Principal, @IdParam('id', staffUserNotFound) id: number): Promise<StaffUserView> {
    return this.staff.reactivate(p, id);
  }

  @RequireAccess('accessSensitive')
  @Post(':id/set-password-link')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mails the user a new set-password link; older links stop working' })
  async sendLink(@CurrentPrincipal() p: Principal, @IdParam('id', staffUserNotFound) id: number) {
    await this.staff.sendSetPasswordLink(p, id);
    return { data: { success: true, message: STAFF_USER_TEXT.inviteSent } };
  }
}

/** The house's contacts (`/api/house-contacts`): changes need accessSensitive. */
@ApiTags('staff-users')
@Controller('api/house-contacts')
export class HouseContactsController {
  constructor(private readonly contacts: HouseContactsService) {}

  @RequireAccess('accessSensitive')
  @Get()
  @ApiOperation({ summary: `List: sort by ${HOUSE_CONTACT_SORTABLE.join(', ')}; filter={"contactType": 1|3|4}` })
  async getList(
    @CurrentPrincipal() p: Principal,
    @Query() query: RaListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<HouseContactView[]> {
    const q = parseRaListQuery(query, { sortable: HOUSE_CONTACT_SORTABLE });
    const { rows, total } = await this.contacts.page(p.houseId, q);
    res.setHeader('Content-Range', contentRange('house-contacts', q.offset, rows.length, total));
    return rows;
  }

  @RequireAccess('accessSensitive')
  @Get(':id')
  getOne(@CurrentPrincipal() p: Principal, @IdParam('id', contactNotFound) id: number): Promise<HouseContactView> {
    return this.contacts.get(p.houseId, id);
  }

  @RequireAccess('accessSensitive')
  @Post()
  create(@CurrentPrincipal() p: Principal, @Body() dto: HouseContactDto): Promise<HouseContactView> {
    return this.contacts.create(p.houseId, dto);
  }

  @RequireAccess('accessSensitive')
  @Put(':id')
  update(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', contactNotFound) id: number,
    @Body() dto: HouseContactDto,
  ): Promise<HouseContactView> {
    return this.contacts.update(p.houseId, id, dto);
  }

  @RequireAccess('accessSensitive')
  @Delete(':id')
  remove(@CurrentPrincipal() p: Principal, @IdParam('id', contactNotFound) id: number): Promise<HouseContactView> {
    return this.contacts.delete(p.houseId, id);
  }
}

/** The spec's call the session wizards read (001 section 7): any signed-in user of the house. */
@ApiTags('staff-users')
@Controller('cps/app/house')
export class ContactTypesController {
  constructor(private readonly contacts: HouseContactsService) {}

  @SignedIn()
  @Get(':houseID/contacts')
  async contactTypes(@CurrentPrincipal() p: Principal): Promise<{ data: { contacttypes: ContactTypesView } }> {
    return { data: { contacttypes: await this.contacts.contactTypes(p.houseId) } };
  }
}
