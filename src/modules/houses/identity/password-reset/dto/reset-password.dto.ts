import { PASSWORD_TEXT, RESET_PASSWORD_TEXT } from '@ar/rules';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** `POST /app/house/user/resetPassword` as the spec's client sends it (checks reported bottom-up). */
export class ResetPasswordDto {
  @MaxLength(2000, { message: RESET_PASSWORD_TEXT.failed })
  @IsNotEmpty({ message: RESET_PASSWORD_TEXT.failed })
  @IsString({ message: RESET_PASSWORD_TEXT.failed })
  jwt!: string;

  /** Length, characters and strength are the rules' (password-rules.ts), with their messages. */
  @MaxLength(1000, { message: PASSWORD_TEXT.tooLong })
  @IsString({ message: PASSWORD_TEXT.required })
  newPassword!: string;
}
