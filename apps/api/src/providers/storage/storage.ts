import type { Readable } from 'node:stream'

/** Where an upload's bytes are (decision 046): its row's `storage` column. */
export type StorageKind = 'database' | 's3'

/** An object read back from the bucket: its bytes as they arrive, and their length when told. */
export interface BucketObject {
  body: Readable
  length: number | undefined
}

/** What an object is written with: the type we chose (never the uploader's) and its caching. */
export interface ObjectHeaders {
  contentType: string
  cacheControl: string
}

/**
 * An S3-compatible bucket holding uploaded pictures by name (decision 046). A name is
 * `{area}/{key}.{format}` with a random key never reused, so an object is written once and never
 * changes. put and get throw when the bucket fails or is slower than S3_TIMEOUT_MS (the adapter logs
 * why); get answers null for a missing object. delete is best effort: a failure is logged, never
 * thrown (an object left behind costs space, never a wrong picture).
 */
export interface Bucket {
  put(name: string, body: Buffer, headers: ObjectHeaders): Promise<void>
  get(name: string): Promise<BucketObject | null>
  delete(names: readonly string[]): Promise<void>
}

/** The upload storage: where new uploads go, and the bucket when one is configured. */
export interface UploadStorage {
  /** STORAGE: where new uploads' bytes are written. */
  readonly writeTo: StorageKind
  /**
   * The bucket of S3_BUCKET, or null. Kept whatever STORAGE says, so pictures written to it stay
   * readable after a switch back to the database.
   */
  readonly bucket: Bucket | null
}
