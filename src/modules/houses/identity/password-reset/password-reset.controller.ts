import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { FORGOT_PASSWORD_TEXT } from '@ar/rules';
import { Public } from '../../../../core/auth/access.decorators';
import { ForgotPasswordDto } from './dto/forgot-password.dto';
import { ResetPasswordDto } from './dto/reset-password.dto';
import { PasswordResetService } from './password-reset.service';

/**
 * The spec's `{api}/house/user/forgotPassword` and `resetPassword` (001 section 7), under `/app` as
 * the other house/user calls. Public: the reset page loads no user.
 */
@ApiTags('password reset')
@Controller('app/house/user')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  /** Always the same answer, whether or not anything matched (no user enumeration). */
  @Public()
  @Post('forgotPassword')
  @HttpCode(200)
  async forgotPassword(@Body() dto: ForgotPasswordDto, @Req() req: Request) {
    await this.resets.forgot({
      houseUserName: dto.houseUserName,
      userName: dto.userName,
      emailAddress: dto.emailAddress,
      ip: req.ip ?? 'unknown',
    });
    return { data: { success: true, message: FORGOT_PASSWORD_TEXT.checkEmail } };
  }

  @Public()
  @Post('resetPassword')
  @HttpCode(200)
  async resetPassword(@Body() dto: ResetPasswordDto) {
    await this.resets.reset({ jwt: dto.jwt, newPassword: dto.newPassword });
    return { data: { success: true } };
  }
}
