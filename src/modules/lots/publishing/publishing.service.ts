import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { featuredError, SUMMARY_TEXT } from '@ar/rules';
import { PublishingError } from './publishing.errors';
import { SessionSummaryService, type SessionRow } from './session-summary.service';

interface KeyRow {
  id: number;
  lot_number: string | null;
  lot_ext: string | null;
  inv_number: string | null;
  status: string;
  published: boolean;
  banned: boolean;
}

const key = (n: string, ext: string | null | undefined) => `${n}${(ext ?? '').toUpperCase()}`;

/**
 * The writes of Summary & Publish (spec 001 sections 4, 5, 7): publish all or selected, delete
 * selected (by lot number or inventory number), the featured picker, the cover image. Each runs in
 * one transaction with the session row locked, so a lot added or deleted meanwhile cannot slip
 * between the checks and the write; a refused list changes nothing.
 */
@Injectable()
export class PublishingService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionSummaryService,
  ) {}

  private lots(em: EntityManager, houseId: number, catalogId: number): Promise<KeyRow[]> {
    return em.execute<KeyRow[]>(
      `select id, lot_number, lot_ext, inv_number, status, published, banned from lot where house_id = ? and catalog_id = ? order by id`,
      [houseId, catalogId],
    );
  }

  /** Publish All: every lot not deleted, and the session; refused while a lot has no lot number. */
  async publishAll(houseId: number, catalogId: number) {
    return this.em.transactional(async (em) => {
      const s = await this.sessions.session(houseId, catalogId, em, true);
      const live = (await this.lots(em, houseId, catalogId)).filter((l) => l.status !== 'd');
      if (live.some((l) => l.lot_number === null)) throw PublishingError.unlotted();
      const ids = live.filter((l) => !l.published).map((l) => l.id);
      await this.publish(em, houseId, s, ids);
      return { success: true, publishedCount: ids.length, cover: await this.coverAfterPublish(em, houseId, s) };
    });
  }

  /** Publish selected (by number+extension): every one a lot of the session, none deleted, one at least unpublished. */
  async publishSelected(houseId: number, catalogId: number, wanted: { lotNumber: string; lotExt?: string | null }[]) {
    return this.em.transactional(async (em) => {
      const s = await this.sessions.session(houseId, catalogId, em, true);
      const all = await this.lots(em, houseId, catalogId);
      const picked = this.byNumbers(
        all,
        wanted.map((w) => key(w.lotNumber, w.lotExt)),
      );
      if (!picked.some((l) => !l.published)) throw PublishingError.selection(SUMMARY_TEXT.publishNothing);
      const ids = picked.filter((l) => !l.published).map((l) => l.id);
      await this.publish(em, houseId, s, ids);
      return { success: true, publishedCount: ids.length, cover: await this.coverAfterPublish(em, houseId, s) };
    });
  }

  /** Delete selected by lot numbers (`12`, `12A`): all or nothing; not within two hours of the start. */
  async deleteByNumbers(houseId: number, catalogId: number, numbers: string[]) {
    return this.em.transactional(async (em) => {
      const s = await this.sessions.session(houseId, catalogId, em, true);
      const picked = this.byNumbers(
        await this.lots(em, houseId, catalogId),
        numbers.map((n) => n.toUpperCase()),
      );
      return this.softDelete(em, houseId, s, picked);
    });
  }

  /** Delete selected by inventory numbers (lots without a lot number), case-insensitive. */
  async deleteByInventory(houseId: number, catalogId: number, inventoryNumbers: string[]) {
    return this.em.transactional(async (em) => {
      const s = await this.sessions.session(houseId, catalogId, em, true);
      const all = await this.lots(em, houseId, catalogId);
      const picked = [...new Set(inventoryNumbers.map((n) => n.trim().toUpperCase()))].map((inv) => {
        const matches = all.filter((l) => l.lot_number === null && l.inv_number?.toUpperCase() === inv);
        // The live lot if there is one; only a deleted one means "deleted again".
        const lot = matches.find((l) => l.status !== 'd') ?? matches[0];
        if (!lot) throw PublishingError.notInCatalog();
        return lot;
      });
      return this.softDelete(em, houseId, s, picked);
    });
  }

  async featured(houseId: number, catalogId: number): Promise<number[]> {
    return (await this.sessions.session(houseId, catalogId)).featured_lot_ids ?? [];
  }

  /** The featured picker's save: the house setting, then exactly five lots of the session, none deleted or banned. */
  async saveFeatured(houseId: number, catalogId: number, ids: number[]): Promise<number[]> {
    return this.em.transactional(async (em) => {
      const s = await this.sessions.session(houseId, catalogId, em, true);
      if (!s.featured_lots_enabled) throw PublishingError.featuredDisabled();
      const lots = (await this.lots(em, houseId, catalogId)).map((l) => ({ lotID: l.id, deleted: l.status === 'd', banned: l.banned }));
      const error = featuredError(ids, lots);
      if (error) throw PublishingError.featured(error);
      await em.execute(`update catalog set featured_lot_ids = ?::jsonb where house_id = ? and id = ?`, [
        JSON.stringify(ids),
        houseId,
        s.id,
      ]);
      return ids;
    });
  }

  /** `GET .../setcoverimage`: a missing cover becomes the first lot image; an existing one stays. */
  async setCover(houseId: number, catalogId: number): Promise<string | null> {
    return this.em.transactional(async (em) => {
      const s = await this.sessions.session(houseId, catalogId, em, true);
      return this.coverAfterPublish(em, houseId, s);
    });
  }

  /** `POST .../selectcoverimage/`: the chosen lot image becomes the cover. */
  async selectCover(houseId: number, catalogId: number, url: string): Promise<string> {
    return this.em.transactional(async (em) => {
      const s = await this.sessions.session(houseId, catalogId, em, true);
      const urls = await this.sessions.imageUrls(houseId, catalogId, em);
      if (!urls.includes(url)) throw PublishingError.badCover();
      await em.execute(`update catalog set cover_image_url = ? where house_id = ? and id = ?`, [url, houseId, s.id]);
      return url;
    });
  }

  /** The lots named by `12A` keys; an unknown number refuses the whole list, so does a deleted lot. */
  private byNumbers(all: KeyRow[], keys: string[]): KeyRow[] {
    return [...new Set(keys)].map((k) => {
      const matches = all.filter((l) => l.lot_number !== null && key(l.lot_number, l.lot_ext) === k);
      const lot = matches.find((l) => l.status !== 'd') ?? matches[0];
      if (!lot) throw PublishingError.notInCatalog();
      if (lot.status === 'd') throw PublishingError.deleted();
      return lot;
    });
  }

  private async softDelete(em: EntityManager, houseId: number, s: SessionRow, picked: KeyRow[]) {
    if (!picked.length) throw PublishingError.selection(SUMMARY_TEXT.deleteNothing);
    if (picked.some((l) => l.status === 'd')) throw PublishingError.deleted();
    if (SessionSummaryService.locked(s)) throw PublishingError.locked();
    const ids = picked.map((l) => l.id);
    await em.execute(
      `update lot set status = 'd', deleted_at = now(), published = false where house_id = ? and id in (${ids.map(() => '?').join(', ')})`,
      [houseId, ...ids],
    );
    // A deleted lot is no longer featured.
    const featured = s.featured_lot_ids ?? [];
    if (featured.some((id) => ids.includes(id))) {
      const rest = featured.filter((id) => !ids.includes(id));
      await em.execute(`update catalog set featured_lot_ids = ?::jsonb where house_id = ? and id = ?`, [
        JSON.stringify(rest),
        houseId,
        s.id,
      ]);
    }
    return { success: true, deletedCount: ids.length, lotIDs: ids };
  }

  private async publish(em: EntityManager, houseId: number, s: SessionRow, ids: number[]): Promise<void> {
    if (ids.length) {
      await em.execute(`update lot set published = true where house_id = ? and id in (${ids.map(() => '?').join(', ')})`, [
        houseId,
        ...ids,
      ]);
    }
    await em.execute(`update catalog set published = true where house_id = ? and id = ?`, [houseId, s.id]);
  }

  /** "After publish, if the cover was missing, a set-cover-image call is made": the first lot image, if any. */
  private async coverAfterPublish(em: EntityManager, houseId: number, s: SessionRow): Promise<string | null> {
    if (s.cover_image_url) return s.cover_image_url;
    const [first] = await this.sessions.imageUrls(houseId, s.id, em);
    if (!first) return null;
    await em.execute(`update catalog set cover_image_url = ? where house_id = ? and id = ?`, [first, houseId, s.id]);
    return first;
  }
}
