import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, SignedIn } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { HousesError, HousesErrorCode } from '../houses.errors';
import { HousesService } from '../houses.service';
import { StaffUsersService } from '../staff-users.service';
import { UserViewReader } from './user-view.reader';

/** The spec's app-shell calls, in their documented shapes. */
@ApiTags('app shell')
@Controller('app/house')
export class HouseUserController {
  constructor(
    private readonly users: StaffUsersService,
    private readonly houses: HousesService,
    private readonly views: UserViewReader,
  ) {}

  @SignedIn()
  @Get('user')
  async user(@CurrentPrincipal() p: Principal) {
    const user = await this.views.read(p.houseId, p.userId);
    if (!user) throw new HousesError(HousesErrorCode.USER_NOT_FOUND, 'User not found.');
    return { data: { user } };
  }

  /**
   * `data.superUser` is true for internal staff, null otherwise (the client tests it as non-null).
   * A userRef that is not a user of the caller's house (another house's, or none) answers 404.
   */
  @SignedIn()
  @Get(':houseRef/superuser/:userRef')
  async superUser(@CurrentPrincipal() p: Principal, @Param('userRef') userRef: string) {
    const user = await this.users.findByRef(p.houseId, userRef);
    if (!user) throw new HousesError(HousesErrorCode.USER_NOT_FOUND, 'User not found.');
    return { data: { superUser: user.isSuperUser ? true : null } };
  }

  @SignedIn()
  @Get(':houseRef/paymentProcessorType')
  async paymentProcessorType(@CurrentPrincipal() p: Principal) {
    const house = await this.houses.getById(p.houseId);
    return { data: { 'processor-type': house.processorType ?? null } };
  }
}
