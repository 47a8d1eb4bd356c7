import { FORGOT_PASSWORD_TEXT } from '@ar/rules';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

// class-validator reports the decorators bottom-up: the first failed one's message is the answer,
// so the required checks sit last and a missing, empty or blank value reads "... is a required field".
const NOT_BLANK = /\S/;

/** `POST /app/house/user/forgotPassword` as the spec's client sends it. */
export class ForgotPasswordDto {
  @MaxLength(200, { message: 'House Name is too long.' })
  @Matches(NOT_BLANK, { message: FORGOT_PASSWORD_TEXT.houseRequired })
  @IsNotEmpty({ message: FORGOT_PASSWORD_TEXT.houseRequired })
  @IsString({ message: FORGOT_PASSWORD_TEXT.houseRequired })
  houseUserName!: string;

  @MaxLength(200, { message: 'Username is too long.' })
  @Matches(NOT_BLANK, { message: FORGOT_PASSWORD_TEXT.userNameRequired })
  @IsNotEmpty({ message: FORGOT_PASSWORD_TEXT.userNameRequired })
  @IsString({ message: FORGOT_PASSWORD_TEXT.userNameRequired })
  userName!: string;

  @MaxLength(320, { message: 'Email is too long.' })
  @Matches(NOT_BLANK, { message: FORGOT_PASSWORD_TEXT.emailRequired })
  @IsNotEmpty({ message: FORGOT_PASSWORD_TEXT.emailRequired })
  @IsString({ message: FORGOT_PASSWORD_TEXT.emailRequired })
  emailAddress!: string;

  /** The client's host. Accepted and ignored: links point at PUBLIC_URL, never at a host a caller names. */
  @IsOptional()
  @MaxLength(255)
  @IsString()
  domain?: string;
}
