import type { AppConfig } from '../config/app-config';
import { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk.storage';

/**
 * The configured FileStorage. An S3 bucket is checked once here, at boot, so a wrong endpoint,
 * bucket or key fails the start with a message naming it instead of the first upload.
 */
export async function createFileStorage(config: AppConfig['storage']): Promise<FileStorage> {
  if (config.driver === 'local') return new LocalDiskStorage(config.dir);
  // Loaded only for S3: the AWS SDK is a few hundred modules a local-disk process never needs.
  const { S3FileStorage } = await import('./s3.storage');
  const storage = new S3FileStorage(config);
  await storage.checkBucket();
  return storage;
}
