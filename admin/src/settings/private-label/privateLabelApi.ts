import type { ButtonColor, FontColor, FontStyle, Language } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';

/** data.house of GET/POST /app/house/{houseRef}/ib-settings (and of the logo uploads). */
export interface IbSettingsHouse {
  houseRef: string;
  consoleLogoURL: string | null;
  houseLogoURL: string | null;
  ibSetting: {
    colorStyleSettings: { fontColor: FontColor; fontStyle: FontStyle; buttonColor: ButtonColor };
    defaultLanguage: Language;
    displayPastAuctions: boolean;
  };
}

export interface ChoiceLists {
  fontStyles: FontStyle[];
  fontColors: FontColor[];
  buttonColors: ButtonColor[];
  languages: Language[];
}

/** The form's values: the chosen ids (names as the server's field errors). */
export interface PrivateLabelValues {
  fontStyle: number;
  fontColor: number;
  buttonColor: number;
  defaultLanguage: number;
  displayPastAuctions: boolean;
}

export const PL_KEYS = {
  lists: ['privateLabel', 'lists'] as const,
  settings: (houseRef: string) => ['privateLabel', 'settings', houseRef] as const,
};

/** The four list calls of the spec, together. */
export async function fetchLists(dp: AppDataProvider): Promise<ChoiceLists> {
  const [fontStyles, fontColors, buttonColors, languages] = await Promise.all([
    dp.call<{ data: { fontStyles: FontStyle[] } }>('GET', '/app/font-styles').then((r) => r.data.fontStyles),
    dp.call<{ data: { fontColors: FontColor[] } }>('GET', '/app/font-colors').then((r) => r.data.fontColors),
    dp.call<{ data: { buttonColors: ButtonColor[] } }>('GET', '/app/button-colors').then((r) => r.data.buttonColors),
    dp.call<{ data: { languages: Language[] } }>('GET', '/app/languages').then((r) => r.data.languages),
  ]);
  return { fontStyles, fontColors, buttonColors, languages };
}

export async function fetchSettings(dp: AppDataProvider, houseRef: string): Promise<IbSettingsHouse> {
  return (await dp.call<{ data: { house: IbSettingsHouse } }>('GET', housePath(houseRef, 'ib-settings'))).data.house;
}

export async function saveSettings(dp: AppDataProvider, houseRef: string, v: PrivateLabelValues): Promise<IbSettingsHouse> {
  const body = {
    ibSetting: {
      colorStyleSettings: { fontStyle: { id: v.fontStyle }, fontColor: { id: v.fontColor }, buttonColor: { id: v.buttonColor } },
      defaultLanguage: { id: v.defaultLanguage },
      displayPastAuctions: v.displayPastAuctions,
    },
  };
  return (await dp.call<{ data: { house: IbSettingsHouse } }>('POST', housePath(houseRef, 'ib-settings'), body)).data.house;
}

/** POST console-logo or logo: multipart with file and fileName (the server checks the bytes). */
export async function uploadLogo(
  dp: AppDataProvider,
  houseRef: string,
  path: 'console-logo' | 'logo',
  file: File,
): Promise<IbSettingsHouse> {
  const form = new FormData();
  form.append('fileName', file.name);
  form.append('file', file);
  return (await dp.call<{ data: { house: IbSettingsHouse } }>('POST', housePath(houseRef, path), form)).data.house;
}

export function valuesOf(house: IbSettingsHouse): PrivateLabelValues {
  const s = house.ibSetting;
  return {
    fontStyle: s.colorStyleSettings.fontStyle.id,
    fontColor: s.colorStyleSettings.fontColor.id,
    buttonColor: s.colorStyleSettings.buttonColor.id,
    defaultLanguage: s.defaultLanguage.id,
    displayPastAuctions: s.displayPastAuctions,
  };
}
