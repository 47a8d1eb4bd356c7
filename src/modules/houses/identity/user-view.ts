import { House } from '../house.entity';
import { StaffUser } from '../staff-user.entity';

/** The signed-in user as the spec's `GET /app/house/user` answers it (`data.user`). */
export function toUserView(user: StaffUser, house: House) {
  return {
    userRef: user.userRef,
    userID: user.id,
    userName: user.userName,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    email: user.email ?? null,
    ...user.flags(),
    isSuperUser: user.isSuperUser,
    isInstant: house.isInstant,
    connectType: house.connectType,
    houseInfo: toHouseInfo(house),
  };
}

export function toHouseInfo(house: House) {
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
  };
}

export type UserView = ReturnType<typeof toUserView>;
