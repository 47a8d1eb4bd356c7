import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3StorageConfig } from '../config/app-config';
import { assertSafeKey, FileStorage, StoredFile } from './file-storage';

/** Streams up to this size go up in one PUT; larger ones as a multipart upload of parts this size (S3's minimum is 5 MiB). */
export const S3_PART_SIZE = 8 * 1024 * 1024;

/** SigV4 presigned URLs live at most 7 days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2...) through the AWS SDK v3. The object's
 * Content-Type is the stored content type. Checksums only where S3 requires them: the SDK's default
 * CRC trailers (aws-chunked bodies) are refused by several S3-compatible stores.
 */
export class S3FileStorage implements FileStorage {
  readonly directUploads = true;
  readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private get bucket(): string {
    return this.config.bucket;
  }

  /** Boot check: the bucket answers with these credentials, or a message that says what to fix. */
  async checkBucket(timeoutMs = 10_000): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const why =
        status === 404
          ? 'the bucket does not exist'
          : status === 403 || status === 401
            ? 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
            : (e as Error).message || (e as Error).name;
      throw new Error(`S3 storage: bucket "${this.bucket}" at ${this.config.endpoint ?? `AWS S3 (${this.config.region})`}: ${why}`);
    }
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredFile> {
    assertSafeKey(key);
    if (Buffer.isBuffer(body)) return this.putOnce(key, body, contentType);
    // A stream of unknown length: one PUT if it ends within a part, else a multipart upload.
    let uploadId: string | undefined;
    const parts: { ETag?: string; PartNumber: number }[] = [];
    let pending: Buffer[] = [];
    let pendingSize = 0;
    let size = 0;
    const sendPart = async (part: Buffer) => {
      const PartNumber = parts.length + 1;
      const { ETag } = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: part, ContentLength: part.length }),
      );
      parts.push({ ETag, PartNumber });
      size += part.length;
    };
    try {
      for await (const c of body) {
        const chunk = Buffer.isBuffer(c) ? c : Buffer.from(c as string);
        pending.push(chunk);
        pendingSize += chunk.length;
        // Strictly more than a part: the last part is never empty.
        while (pendingSize > S3_PART_SIZE) {
          uploadId ??= (
            await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }))
          ).UploadId;
          const all = Buffer.concat(pending, pendingSize);
          await sendPart(all.subarray(0, S3_PART_SIZE));
          pending = [all.subarray(S3_PART_SIZE)];
          pendingSize -= S3_PART_SIZE;
        }
      }
      if (!uploadId) return await this.putOnce(key, Buffer.concat(pending, pendingSize), contentType);
      await sendPart(Buffer.concat(pending, pendingSize));
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
      return { key, size, contentType };
    } catch (e) {
      // No parts left behind (they would be billed and never seen).
      if (uploadId)
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
          .catch(() => undefined);
      throw e;
    }
  }

  private async putOnce(key: string, bytes: Buffer, contentType: string): Promise<StoredFile> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
    );
    return { key, size: bytes.length, contentType };
  }

  async get(key: string): Promise<{ body: Readable; size: number; contentType: string } | null> {
    assertSafeKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        body: out.Body as Readable,
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? 'application/octet-stream',
      };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Any body, any content type: the server checks the bytes when they are registered, not the client's headers. */
  async presignedPutUrl(key: string, expiresAt: Date): Promise<string> {
    assertSafeKey(key);
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: secondsUntil(expiresAt) });
  }

  async signedGetUrl(key: string, expiresAt: Date): Promise<string> {
    assertSafeKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: secondsUntil(expiresAt) });
  }

  destroy(): void {
    this.client.destroy();
  }
}

function secondsUntil(at: Date): number {
  return Math.min(MAX_PRESIGN_SECONDS, Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000)));
}

function isNotFound(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
}
