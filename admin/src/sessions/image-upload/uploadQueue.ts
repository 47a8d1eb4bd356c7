import { IMAGE_UPLOAD, parseImageName, type ImageErrorCode, type ImageNameFormat } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';
import { putWithRetries, registerImage, signSlots, UploadFailure, type RegisterRecord, type SignedSlot } from './imageUploadApi';
import { newLotSequences, nextBatch, precheck, precheckForLot, type UploadCard } from './uploadPacing';

interface Entry {
  card: UploadCard;
  file: File;
  abort: AbortController;
  /** A lot target's sequence for this file (a name target reads it from the name). */
  sequence?: number;
}

/**
 * Where files go: matched to lots by their names (the image step), or all to one lot at new
 * sequences after its images (the Lot page; `sequences` reads the lot's current ones).
 */
export type UploadTarget =
  { kind: 'names'; format: ImageNameFormat } | { kind: 'lot'; lotNum: string; lotExt: string; sequences: () => readonly number[] };

/**
 * The image step's upload queue, outside React: files become cards, a 3 s ticker starts batches
 * (uploadPacing.nextBatch), each batch signs its slots in one call, then every file is PUT (with
 * progress and retries) and registered on its own, so a card completes as soon as its file does.
 * A file whose name repeats an earlier one's replaces it (the earlier upload is cancelled); the
 * server replaces a stored image of the same name too, so dropping a folder again after a closed
 * tab resumes without duplicates. For a lot target, a repeated name replaces an unfinished or failed
 * card and keeps its sequence (so a retry replaces, never adds); once complete, it is a new image.
 */
export class UploadQueue {
  private entries: Entry[] = [];
  private nextId = 1;
  private timer: ReturnType<typeof setInterval> | null = null;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private snapshot: readonly UploadCard[] = [];
  private listeners = new Set<() => void>();

  constructor(
    private readonly dp: AppDataProvider,
    private readonly houseId: number,
    private readonly catalogId: string,
    private target: UploadTarget,
    private readonly isOnline: () => boolean = () => navigator.onLine,
  ) {}

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = () => this.snapshot;

  setFormat(format: ImageNameFormat) {
    if (this.target.kind === 'names') this.target = { kind: 'names', format };
  }

  add(files: readonly File[]) {
    const target = this.target;
    const fresh =
      target.kind === 'lot' ? newLotSequences([...target.sequences(), ...this.entries.flatMap((e) => e.sequence ?? [])], files.length) : [];
    let next = 0;
    for (const file of files) {
      const { key, error } = target.kind === 'lot' ? precheckForLot(file.name, file.size) : precheck(file.name, file.size, target.format);
      const replaceable = (e: Entry) =>
        target.kind === 'lot' ? ['selected', 'uploading', 'error'].includes(e.card.status) : e.card.status !== 'cancelled';
      const earlier = this.entries.findIndex((e) => e.card.key === key && replaceable(e));
      const card: UploadCard = {
        id: this.nextId++,
        key,
        name: file.name,
        size: file.size,
        status: error ? 'error' : 'selected',
        progress: 0,
        error,
        thumbURL: null,
        replaced: earlier >= 0,
      };
      const sequence = target.kind !== 'lot' ? undefined : earlier >= 0 ? this.entries[earlier].sequence : fresh[next++];
      const entry: Entry = { card, file, abort: new AbortController(), sequence };
      if (earlier >= 0) {
        this.entries[earlier].abort.abort();
        this.entries[earlier] = entry;
      } else this.entries.push(entry);
    }
    this.emit(true);
    this.start();
    this.tick();
  }

  /** Cancel one file (it stays, shown as cancelled) or, without an id, every file not finished. */
  cancel(id?: number) {
    for (const e of this.entries) {
      if ((id === undefined || e.card.id === id) && (e.card.status === 'selected' || e.card.status === 'uploading')) {
        e.abort.abort();
        this.update(e, { status: 'cancelled', progress: 0 });
      }
    }
    this.emit(true);
  }

  /** Removes cards (files with errors, or cancelled ones): they were never saved. */
  remove(ids: readonly number[]) {
    this.entries = this.entries.filter((e) => !ids.includes(e.card.id));
    this.emit(true);
  }

  dispose() {
    for (const e of this.entries) e.abort.abort();
    if (this.timer) clearInterval(this.timer);
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.timer = null;
  }

  private start() {
    this.timer ??= setInterval(() => this.tick(), IMAGE_UPLOAD.batchIntervalMs);
  }

  private tick() {
    const batch = nextBatch(
      this.entries.map((e) => ({ status: e.card.status, entry: e })),
      this.isOnline(),
    ).map((b) => b.entry);
    if (!batch.length) {
      if (!this.entries.some((e) => e.card.status === 'selected' || e.card.status === 'uploading') && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
      return;
    }
    for (const e of batch) this.update(e, { status: 'uploading', progress: 0 });
    this.emit(true);
    void this.runBatch(batch);
  }

  private async runBatch(batch: Entry[]) {
    let slots: SignedSlot[];
    // Not any one file's signal: cancelling one file must not cancel its batch's signing.
    try {
      slots = await signSlots(this.dp, this.houseId, this.catalogId, batch.length, new AbortController().signal);
    } catch (err) {
      const code = err instanceof UploadFailure && err.code !== 'linkUsed' ? err.code : 'default';
      for (const e of batch) if (!e.abort.signal.aborted) this.fail(e, code === 'cancelled' ? 'default' : code);
      return;
    }
    await Promise.all(batch.map((e, i) => this.runOne(e, slots[i])));
  }

  private async runOne(e: Entry, slot: SignedSlot) {
    const { signal } = e.abort;
    try {
      const resign = async () => (await signSlots(this.dp, this.houseId, this.catalogId, 1, signal))[0];
      const done = await putWithRetries(slot, e.file, (f) => this.progress(e, f), signal, resign);
      if (signal.aborted) return;
      const answer = await this.register(e, done.imageUrl);
      if (signal.aborted) return;
      if (answer.error) return this.fail(e, answer.error);
      this.update(e, { status: 'complete', progress: 1, thumbURL: answer.thumbURL, replaced: e.card.replaced || answer.replaced });
      this.emit(true);
    } catch (err) {
      if (signal.aborted) return;
      this.fail(e, err instanceof UploadFailure && err.code !== 'cancelled' && err.code !== 'linkUsed' ? err.code : 'default');
    }
  }

  /** Inventory names like `INV-12.jpg` have two readings: the other one is tried when the first names no lot. */
  private async register(e: Entry, imageURL: string) {
    const target = this.target;
    if (target.kind === 'lot') {
      const rec = { imageSeq: String(e.sequence ?? 0), imageURL, lotNum: target.lotNum, lotExt: target.lotExt };
      return registerImage(this.dp, this.houseId, this.catalogId, rec);
    }
    const p = parseImageName(e.file.name, target.format);
    if (!p.ok) return { error: p.error, thumbURL: null, replaced: false };
    const record = (number: string, seq: number): RegisterRecord =>
      target.format === 'lot'
        ? { imageSeq: String(seq), imageURL, lotNum: number, lotExt: p.ext }
        : { imageSeq: String(seq), imageURL, invNumber: number };
    const first = await registerImage(this.dp, this.houseId, this.catalogId, record(p.number, p.sequence));
    if (first.error !== 'invNum' || !p.alternative || p.alternative.number === p.number) return first;
    const other = await registerImage(this.dp, this.houseId, this.catalogId, record(p.alternative.number, p.alternative.sequence));
    return other.error ? first : other;
  }

  private fail(e: Entry, code: ImageErrorCode) {
    this.update(e, { status: 'error', error: code, progress: 0 });
    this.emit(true);
  }

  private progress(e: Entry, f: number) {
    this.update(e, { progress: f });
    this.emit(false);
  }

  private update(e: Entry, patch: Partial<UploadCard>) {
    e.card = { ...e.card, ...patch };
  }

  /** Progress events come many a second per file: the screen hears at most ten a second. */
  private emit(now: boolean) {
    if (!now) {
      this.notifyTimer ??= setTimeout(() => {
        this.notifyTimer = null;
        this.emit(true);
      }, 100);
      return;
    }
    this.snapshot = this.entries.map((e) => e.card);
    for (const fn of this.listeners) fn();
  }
}
