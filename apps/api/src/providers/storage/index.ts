import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.ts'
import type { UploadStorage } from './storage.ts'

export type { Bucket, BucketObject, ObjectHeaders, StorageKind, UploadStorage } from './storage.ts'

/**
 * The upload storage chosen by STORAGE (decision 046; config.ts checked its settings at start). The
 * S3 client is loaded only when S3_BUCKET is set: a shop on the database never loads the SDK.
 */
export async function createUploadStorage(config: Config, log: FastifyBaseLogger): Promise<UploadStorage> {
  if (!config.S3_BUCKET) return { writeTo: 'database', bucket: null }
  const { s3Bucket } = await import('./s3.ts')
  const bucket = s3Bucket(
    {
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
      timeoutMs: config.S3_TIMEOUT_MS,
    },
    log,
  )
  return { writeTo: config.STORAGE, bucket }
}
