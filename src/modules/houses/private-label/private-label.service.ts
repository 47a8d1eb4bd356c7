import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import {
  BUTTON_COLORS,
  FONT_COLORS,
  FONT_STYLES,
  LANGUAGES,
  PRIVATE_LABEL_DEFAULTS,
  PRIVATE_LABEL_TEXT,
  logoError,
  privateLabelAllowed,
  type LogoKind,
  type PrivateLabelChoice,
} from '@ar/rules';
import { DomainError, PERMISSION_DENIED_TEXT } from '../../../core/errors/domain-error';
import { FILE_STORAGE, FileStorage } from '../../../core/storage/file-storage';
import { UrlSigner } from '../../../core/storage/signed-url';
import { House } from '../house.entity';

/** How long a logo's signed link answers. */
export const LOGO_URL_TTL_MS = 60 * 60 * 1000;

/** The path segment of each logo's calls (spec: POST /app/house/{houseRef}/console-logo and /logo). */
export const LOGO_PATHS: Record<LogoKind, string> = { console: 'console-logo', site: 'logo' };

const logoKey = (houseId: number, kind: LogoKind) => `house/${houseId}/private-label/${kind}-logo.jpg`;

interface Row {
  font_style_id: number;
  font_color_id: number;
  button_color_id: number;
  language_id: number;
  display_past_auctions: boolean;
  console_logo_key: string | null;
  console_logo_at: Date | null;
  site_logo_key: string | null;
  site_logo_at: Date | null;
}

export interface IbSettingsView {
  houseRef: string;
  consoleLogoURL: string | null;
  houseLogoURL: string | null;
  ibSetting: {
    colorStyleSettings: {
      fontColor: (typeof FONT_COLORS)[number];
      fontStyle: (typeof FONT_STYLES)[number];
      buttonColor: (typeof BUTTON_COLORS)[number];
    };
    defaultLanguage: (typeof LANGUAGES)[number];
    displayPastAuctions: boolean;
  };
}

/**
 * Private Label Settings (spec 001): the house's choices and its two logos. Only a house that is
 * instant with connect type i or s may read or write them (403 with the permission text); every
 * query is by the caller's house id. Logos are checked on their bytes (a JPEG of the exact size)
 * and kept in FileStorage; they are served through signed, expiring links under the house's path.
 */
@Injectable()
export class PrivateLabelService {
  constructor(
    private readonly em: EntityManager,
    private readonly signer: UrlSigner,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async get(houseId: number): Promise<IbSettingsView> {
    const house = await this.assertAllowed(houseId);
    return this.view(house, await this.row(houseId));
  }

  async save(houseId: number, choice: PrivateLabelChoice): Promise<IbSettingsView> {
    const house = await this.assertAllowed(houseId);
    await this.em.getConnection().execute(
      `insert into house_private_label (house_id, font_style_id, font_color_id, button_color_id, language_id, display_past_auctions, updated_at)
       values (?, ?, ?, ?, ?, ?, now())
       on conflict (house_id) do update set font_style_id = excluded.font_style_id, font_color_id = excluded.font_color_id,
         button_color_id = excluded.button_color_id, language_id = excluded.language_id,
         display_past_auctions = excluded.display_past_auctions, updated_at = excluded.updated_at`,
      [houseId, choice.fontStyleId, choice.fontColorId, choice.buttonColorId, choice.languageId, choice.displayPastAuctions],
    );
    return this.view(house, await this.row(houseId));
  }

  /** Stores a logo whose bytes are a JPEG of the kind's exact size; 400 with the spec's message otherwise. */
  async upload(houseId: number, kind: LogoKind, bytes: Buffer | undefined): Promise<IbSettingsView> {
    const house = await this.assertAllowed(houseId);
    if (!bytes || bytes.length === 0)
      throw DomainError.validation({ file: PRIVATE_LABEL_TEXT.fileMissing }, PRIVATE_LABEL_TEXT.fileMissing);
    const error = logoError(kind, bytes);
    if (error) throw DomainError.validation({ file: error }, error);
    const key = logoKey(houseId, kind);
    await this.storage.put(key, bytes, 'image/jpeg');
    const [keyCol, atCol] = kind === 'console' ? ['console_logo_key', 'console_logo_at'] : ['site_logo_key', 'site_logo_at'];
    await this.em.getConnection().execute(
      `insert into house_private_label (house_id, ${keyCol}, ${atCol}, updated_at) values (?, ?, now(), now())
       on conflict (house_id) do update set ${keyCol} = excluded.${keyCol}, ${atCol} = excluded.${atCol}, updated_at = excluded.updated_at`,
      [houseId, key],
    );
    return this.view(house, await this.row(houseId));
  }

  /** A logo's bytes through its signed link, for this house only; 404 otherwise. */
  async logoFile(houseId: number, kind: LogoKind, expires?: string, signature?: string): Promise<{ body: Readable; size: number }> {
    await this.assertAllowed(houseId);
    const key = logoKey(houseId, kind);
    const row = await this.row(houseId);
    const stored = kind === 'console' ? row?.console_logo_key : row?.site_logo_key;
    const file = stored === key && this.signer.verify('GET', key, expires, signature) ? await this.storage.get(key) : null;
    if (!file) throw DomainError.notFound('File');
    return { body: file.body, size: file.size };
  }

  /**
   * The house logo the session definition and the preview header show: the site logo of Private
   * Label Settings as a signed link, or null when none was uploaded or the house has no private
   * label (its file link would answer 404).
   */
  async siteLogoUrl(houseId: number): Promise<string | null> {
    const house = await this.em.fork().findOne(House, { id: houseId });
    if (!house || !privateLabelAllowed(house)) return null;
    const row = await this.row(houseId);
    return this.logoUrl(house, 'site', row?.site_logo_key, row?.site_logo_at);
  }

  private async assertAllowed(houseId: number): Promise<House> {
    const house = await this.em.findOne(House, { id: houseId });
    if (!house) throw DomainError.notFound('House');
    if (!privateLabelAllowed(house)) throw new DomainError('forbidden', 'FORBIDDEN', PERMISSION_DENIED_TEXT);
    return house;
  }

  private async row(houseId: number): Promise<Row | undefined> {
    const rows: Row[] = await this.em.getConnection().execute(
      `select font_style_id, font_color_id, button_color_id, language_id, display_past_auctions,
                console_logo_key, console_logo_at, site_logo_key, site_logo_at
           from house_private_label where house_id = ?`,
      [houseId],
    );
    return rows[0];
  }

  private logoUrl(house: House, kind: LogoKind, key: string | null | undefined, at: Date | null | undefined): string | null {
    if (!key || !at) return null;
    const signed = this.signer.sign('GET', key, new Date(Date.now() + LOGO_URL_TTL_MS));
    const query = new URLSearchParams(signed.slice(signed.indexOf('?') + 1));
    // v changes with each upload, so a browser never shows a replaced logo from its cache.
    return (
      `/app/house/${encodeURIComponent(house.houseRef)}/${LOGO_PATHS[kind]}/file` +
      `?v=${new Date(at).getTime()}&expires=${query.get('expires')}&signature=${query.get('signature')}`
    );
  }

  private view(house: House, row: Row | undefined): IbSettingsView {
    const pick = <T extends { id: number }>(list: readonly T[], id: number | undefined, fallback: number): T =>
      list.find((x) => x.id === Number(id)) ?? list.find((x) => x.id === fallback)!;
    return {
      houseRef: house.houseRef,
      consoleLogoURL: this.logoUrl(house, 'console', row?.console_logo_key, row?.console_logo_at),
      houseLogoURL: this.logoUrl(house, 'site', row?.site_logo_key, row?.site_logo_at),
      ibSetting: {
        colorStyleSettings: {
          fontColor: pick(FONT_COLORS, row?.font_color_id, PRIVATE_LABEL_DEFAULTS.fontColorId),
          fontStyle: pick(FONT_STYLES, row?.font_style_id, PRIVATE_LABEL_DEFAULTS.fontStyleId),
          buttonColor: pick(BUTTON_COLORS, row?.button_color_id, PRIVATE_LABEL_DEFAULTS.buttonColorId),
        },
        defaultLanguage: pick(LANGUAGES, row?.language_id, PRIVATE_LABEL_DEFAULTS.languageId),
        displayPastAuctions: row ? row.display_past_auctions : PRIVATE_LABEL_DEFAULTS.displayPastAuctions,
      },
    };
  }
}
