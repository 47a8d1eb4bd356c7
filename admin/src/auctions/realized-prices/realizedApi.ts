/**
 * Edit Realized Prices' calls (spec 001 section 7 "Realized prices"; shapes in
 * docs/decisions/realized-prices.md). The upload answers 400 with the same body when rows have
 * errors: that answer is a result for the page, not a failure.
 */
import type { RealizedLotKey, RealizedRow, SheetWarning } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';

export interface RealizedView {
  catalog: { catalogID: number; title: string; catalogDate: string; includePremium: boolean | null; publishedAt: string | null };
  lots: (RealizedLotKey & { realizedPriceCents: number | null })[];
}

export interface UploadError {
  errorCode: number;
  displayMsg: string;
  lotNumber: string | null;
  invNumber: string | null;
  referenceMsg: string | null;
  row: number | null;
  field: string | null;
}

export interface UploadResult {
  lots: RealizedRow[];
  errors: UploadError[];
  warnings: SheetWarning[];
}

/** The spec's upload timeout. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export class UploadTimeout extends Error {}

const base = (catalogId: number) => `/cps/app/catalog/${catalogId}`;

export const REALIZED_KEY = (catalogId: number) => ['realized-prices', catalogId] as const;

export async function fetchRealized(dp: AppDataProvider, catalogId: number): Promise<RealizedView> {
  return (await dp.call<{ data: RealizedView }>('GET', `${base(catalogId)}/realized`)).data;
}

export async function uploadRealized(dp: AppDataProvider, catalogId: number, file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('csvType', 'realized');
  form.append('catalogID', String(catalogId));
  form.append('packageID', '');
  form.append('fileData', file);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UploadTimeout()), UPLOAD_TIMEOUT_MS);
  });
  try {
    const res = await Promise.race([
      dp.call<{ data: { lots: RealizedRow[] } } & Omit<UploadResult, 'lots'>>('POST', '/cps/app/realized', form),
      timeout,
    ]);
    return { lots: res.data.lots, errors: res.errors, warnings: res.warnings };
  } catch (err) {
    // Row errors: 400 with the same shape.
    const body = (err as { body?: { data?: { lots?: RealizedRow[] }; errors?: unknown; warnings?: SheetWarning[] } }).body;
    if (body?.data?.lots && Array.isArray(body.errors)) {
      return { lots: body.data.lots, errors: body.errors as UploadError[], warnings: body.warnings ?? [] };
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

export interface RealizedSaveRow {
  lotNumber: string | null;
  lotExt: string | null;
  invNumber: string | null;
  realizedPrice: string;
}

export async function saveRealized(dp: AppDataProvider, catalogId: number, rows: RealizedSaveRow[]): Promise<void> {
  await dp.call('POST', `${base(catalogId)}/lots/realized`, rows);
}

export async function publishIncludePremium(dp: AppDataProvider, catalogId: number, includePremium: boolean): Promise<void> {
  await dp.call('POST', `${base(catalogId)}/realized/includePremium`, { includePremium });
}
