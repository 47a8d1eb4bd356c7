import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';
import { PRIVATE_LABEL_TEXT, privateLabelErrors, type PrivateLabelChoice } from '@ar/rules';
import { DomainError } from '../../../../core/errors/domain-error';

/** POST /app/house/{houseRef}/ib-settings: the same shape GET answers in data.house.ibSetting (ids are what count). */
export class IbSettingsDto {
  @ApiProperty({
    description:
      '{ colorStyleSettings: { fontColor: { id }, fontStyle: { id }, buttonColor: { id } }, defaultLanguage: { id }, displayPastAuctions: boolean }; ' +
      'ids from /app/font-colors, /app/font-styles, /app/button-colors and /app/languages.',
  })
  @IsObject({ message: PRIVATE_LABEL_TEXT.invalid })
  ibSetting!: Record<string, unknown>;
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The choice in the body, or 400 with a message per field (`fontStyle`, `fontColor`, `buttonColor`, `defaultLanguage`, `displayPastAuctions`). */
export function parseIbSettings(body: IbSettingsDto): PrivateLabelChoice {
  const s = obj(body.ibSetting);
  const styles = obj(s.colorStyleSettings);
  const choice = {
    fontStyleId: obj(styles.fontStyle).id,
    fontColorId: obj(styles.fontColor).id,
    buttonColorId: obj(styles.buttonColor).id,
    languageId: obj(s.defaultLanguage).id,
    displayPastAuctions: s.displayPastAuctions,
  };
  const errors = privateLabelErrors(choice);
  if (Object.keys(errors).length) throw DomainError.validation(errors, PRIVATE_LABEL_TEXT.invalid);
  return choice as PrivateLabelChoice;
}
