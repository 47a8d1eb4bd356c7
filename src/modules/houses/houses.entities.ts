import { House } from './house.entity';
import { StaffUser } from './staff-user.entity';
import { ApiToken } from './identity/api-token.entity';
import { LoginThrottle } from './identity/login-throttle.entity';
import { StaffSession } from './identity/staff-session.entity';
import { HouseFeedbackMessage } from './feedback/feedback-message.entity';
import { PasswordResetToken } from './identity/password-reset/password-reset-token.entity';
import { HouseContact } from './staff/house-contact.entity';
import { HousePrivateLabel } from './private-label/private-label.entity';

export const HOUSES_ENTITIES = [
  House,
  StaffUser,
  StaffSession,
  ApiToken,
  LoginThrottle,
  PasswordResetToken,
  HouseContact,
  HouseFeedbackMessage,
  HousePrivateLabel,
];
