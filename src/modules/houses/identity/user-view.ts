import { ACCESS_FLAGS, AccessFlags } from '../../../core/auth/access-flags';
import { House } from '../house.entity';
import { StaffUser } from '../staff-user.entity';

/** What the view reads of a user: a managed entity or the plain columns of UserViewReader. */
export type UserViewSource = Pick<StaffUser, 'userRef' | 'id' | 'userName' | 'firstName' | 'lastName' | 'email' | 'isSuperUser'> &
  AccessFlags;
/** The house's scalar properties (a managed entity or plain columns); the view reads only scalars. */
export type HouseViewSource = House;

/** The signed-in user as the spec's `GET /app/house/user` answers it (`data.user`). */
export function toUserView(user: UserViewSource, house: HouseViewSource) {
  return {
    userRef: user.userRef,
    userID: user.id,
    userName: user.userName,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    email: user.email ?? null,
    ...(Object.fromEntries(ACCESS_FLAGS.map((f) => [f, user[f]])) as AccessFlags),
    isSuperUser: user.isSuperUser,
    isInstant: house.isInstant,
    connectType: house.connectType,
    houseInfo: toHouseInfo(house),
  };
}

export function toHouseInfo(house: HouseViewSource) {
  return {
    houseID: house.id,
    houseRef: house.houseRef,
    houseUserName: house.houseUserName,
    houseName: house.name,
    connectType: house.connectType,
    ingestType: house.ingestType,
    isOnlineOnly: house.isOnlineOnly,
    disableINVAInvoicing: house.disableINVAInvoicing,
    disputeTermsAccepted: house.disputeTermsAccepted,
    paymentProcessingAccountID: house.paymentProcessingAccountId ?? null,
    paymentProcessingEligible: house.paymentProcessingEligible,
    paymentProcessingEnabled: house.paymentProcessingEnabled,
    paymentProcessingRequired: house.paymentProcessingRequired,
    processorType: house.processorType ?? null,
    payrixEligible: house.payrixEligible,
    binEnabled: house.binEnabled,
    liveOrTimedEnabled: house.liveOrTimedEnabled,
    bulkBiddingEnabled: house.bulkBiddingEnabled,
    featuredLotsEnabled: house.featuredLotsEnabled,
    autoChargeEnabled: house.autoChargeEnabled,
    isHouseFeeStepActive: house.isHouseFeeStepActive,
    isInstant: house.isInstant,
    currencyCode: house.currencyCode,
    /** The house's country: card processing needs a US house (spec 000 section 6). */
    countryCode: house.countryCode,
  };
}

export type UserView = ReturnType<typeof toUserView>;
