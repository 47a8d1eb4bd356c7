import { Module } from '@nestjs/common';
import { PRINCIPAL_RESOLVER } from '../../core/auth/principal';
import { HousesService } from './houses.service';
import { StaffUsersService } from './staff-users.service';
import { ApiTokensService } from './identity/api-tokens.service';
import { AuthController } from './identity/auth.controller';
import { AuthService } from './identity/auth.service';
import { HouseUserController } from './identity/house-user.controller';
import { LoginThrottleService } from './identity/login-throttle.service';
import { IdentityTasks } from './identity/identity.tasks';
import { HousePrincipalResolver } from './identity/principal-resolver.service';
import { SessionCache } from './identity/session-cache.service';
import { SessionsService } from './identity/sessions.service';
import { UserViewReader } from './identity/user-view.reader';
import { GeoController } from './geo/geo.controller';
import { GeoService } from './geo/geo.service';
import { LocationsController } from './locations/locations.controller';
import { LocationsResourceController } from './locations/locations-resource.controller';
import { LocationsService } from './locations/locations.service';
import { PasswordResetController } from './identity/password-reset/password-reset.controller';
import { FeedbackMessagesController } from './feedback/feedback.controller';
import { FeedbackMessagesService } from './feedback/feedback.service';
import { PasswordResetService } from './identity/password-reset/password-reset.service';
import { ContactTypesController, HouseContactsController, StaffUsersController } from './staff/staff-users.controller';
import { StaffAdminService } from './staff/staff-admin.service';
import { HouseContactsService } from './staff/house-contacts.service';
import { PrivateLabelController, PrivateLabelListsController } from './private-label/private-label.controller';
import { PrivateLabelService } from './private-label/private-label.service';
import { HouseTaxController } from './house-tax/house-tax.controller';

/** Houses, staff users, access flags and sign-in. Provides the principal resolver the global guard uses. */
@Module({
  controllers: [
    AuthController,
    HouseUserController,
    PasswordResetController,
    GeoController,
    LocationsController,
    LocationsResourceController,
    StaffUsersController,
    HouseContactsController,
    ContactTypesController,
    FeedbackMessagesController,
    PrivateLabelListsController,
    PrivateLabelController,
    HouseTaxController,
  ],
  providers: [
    HousesService,
    StaffUsersService,
    SessionsService,
    SessionCache,
    UserViewReader,
    ApiTokensService,
    LoginThrottleService,
    AuthService,
    IdentityTasks,
    GeoService,
    LocationsService,
    PasswordResetService,
    StaffAdminService,
    HouseContactsService,
    FeedbackMessagesService,
    PrivateLabelService,
    { provide: PRINCIPAL_RESOLVER, useClass: HousePrincipalResolver },
  ],
  exports: [
    HousesService,
    StaffUsersService,
    ApiTokensService,
    SessionsService,
    PRINCIPAL_RESOLVER,
    GeoService,
    LocationsService,
    HouseContactsService,
    PrivateLabelService,
  ],
})
export class HousesModule {}
export { HOUSES_ENTITIES } from './houses.entities';
