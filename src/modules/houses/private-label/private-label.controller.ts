import { Body, Controller, Get, Header, HttpCode, Post, Query, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { BUTTON_COLORS, FONT_COLORS, FONT_STYLES, LANGUAGES, LOGO_MAX_BYTES, LOGO_SPECS, type LogoKind } from '@ar/rules';
import { CurrentPrincipal, SignedIn } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IbSettingsDto, parseIbSettings } from './dto/ib-settings.dto';
import { PrivateLabelService } from './private-label.service';

/** What multer hands over of the upload (memory storage); the name and type the browser sent are never trusted. */
interface UploadedLogo {
  buffer: Buffer;
}

const JPEG = 'image/jpeg';
const upload = () => FileInterceptor('file', { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 3, parts: 4 } });
const uploadBody = (kind: LogoKind) =>
  ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: {
          type: 'string',
          format: 'binary',
          description: `JPEG, exactly ${LOGO_SPECS[kind].width}x${LOGO_SPECS[kind].height}, at most 1 MB`,
        },
        fileName: { type: 'string', description: 'Ignored: the bytes decide' },
      },
    },
  });

/** The choice lists of Private Label Settings (spec 001 section 7): the same for every house. */
@ApiTags('settings')
@Controller('app')
export class PrivateLabelListsController {
  @SignedIn()
  @Get('font-styles')
  @ApiOperation({ summary: '{ data: { fontStyles: [{ id, label }] } }' })
  fontStyles() {
    return { data: { fontStyles: FONT_STYLES } };
  }

  @SignedIn()
  @Get('font-colors')
  @ApiOperation({ summary: '{ data: { fontColors: [{ id, hex, label }] } }' })
  fontColors() {
    return { data: { fontColors: FONT_COLORS } };
  }

  @SignedIn()
  @Get('button-colors')
  @ApiOperation({ summary: '{ data: { buttonColors: [{ id, hex, name }] } }' })
  buttonColors() {
    return { data: { buttonColors: BUTTON_COLORS } };
  }

  @SignedIn()
  @Get('languages')
  @ApiOperation({ summary: '{ data: { languages: [{ id, label, language }] } }' })
  languages() {
    return { data: { languages: LANGUAGES } };
  }
}

/**
 * Private Label Settings (spec 001: GET and POST /app/house/{houseRef}/ib-settings, POST console-logo
 * and logo; docs/decisions/private-label.md). Any signed-in user of a house that is instant with
 * connect type i or s; 403 with the permission text for any other house, 404 for another house's ref.
 */
@ApiTags('settings')
@Controller('app/house/:houseRef')
export class PrivateLabelController {
  constructor(private readonly privateLabel: PrivateLabelService) {}

  @SignedIn()
  @Get('ib-settings')
  @ApiOperation({
    summary:
      '{ data: { house: { houseRef, consoleLogoURL, houseLogoURL, ibSetting: { colorStyleSettings: { fontColor, fontStyle, buttonColor }, ' +
      'defaultLanguage, displayPastAuctions } } } }; logo URLs are signed and expire after an hour (null before an upload).',
  })
  async get(@CurrentPrincipal() p: Principal) {
    return { data: { house: await this.privateLabel.get(p.houseId) } };
  }

  @SignedIn()
  @Post('ib-settings')
  @HttpCode(200)
  @ApiOperation({ summary: 'Saves the choices: { data: { success: true, house } }; 400 with a message per unknown id.' })
  async save(@CurrentPrincipal() p: Principal, @Body() body: IbSettingsDto) {
    return { data: { success: true, house: await this.privateLabel.save(p.houseId, parseIbSettings(body)) } };
  }

  @SignedIn()
  @Post('console-logo')
  @HttpCode(200)
  @UseInterceptors(upload())
  @ApiConsumes('multipart/form-data')
  @uploadBody('console')
  @ApiOperation({ summary: `Console logo: { httpStatus: 200, data: { house } }; 400 "${LOGO_SPECS.console.message}"; 413 over 1 MB.` })
  async consoleLogo(@CurrentPrincipal() p: Principal, @UploadedFile() file: UploadedLogo | undefined) {
    return { httpStatus: 200, data: { house: await this.privateLabel.upload(p.houseId, 'console', file?.buffer) } };
  }

  @SignedIn()
  @Post('logo')
  @HttpCode(200)
  @UseInterceptors(upload())
  @ApiConsumes('multipart/form-data')
  @uploadBody('site')
  @ApiOperation({ summary: `Site logo: { httpStatus: 200, data: { house } }; 400 "${LOGO_SPECS.site.message}"; 413 over 1 MB.` })
  async siteLogo(@CurrentPrincipal() p: Principal, @UploadedFile() file: UploadedLogo | undefined) {
    return { httpStatus: 200, data: { house: await this.privateLabel.upload(p.houseId, 'site', file?.buffer) } };
  }

  @SignedIn()
  @Get('console-logo/file')
  @ApiProduces(JPEG)
  @Header('Cache-Control', 'private, max-age=3600')
  @ApiOperation({ summary: 'The console logo through the signed consoleLogoURL; 404 otherwise.' })
  async consoleLogoFile(@CurrentPrincipal() p: Principal, @Query('expires') expires?: string, @Query('signature') signature?: string) {
    const file = await this.privateLabel.logoFile(p.houseId, 'console', expires, signature);
    return new StreamableFile(file.body, { type: JPEG, length: file.size });
  }

  @SignedIn()
  @Get('logo/file')
  @ApiProduces(JPEG)
  @Header('Cache-Control', 'private, max-age=3600')
  @ApiOperation({ summary: 'The site logo through the signed houseLogoURL; 404 otherwise.' })
  async siteLogoFile(@CurrentPrincipal() p: Principal, @Query('expires') expires?: string, @Query('signature') signature?: string) {
    const file = await this.privateLabel.logoFile(p.houseId, 'site', expires, signature);
    return new StreamableFile(file.body, { type: JPEG, length: file.size });
  }
}
