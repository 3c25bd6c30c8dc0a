import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '@busana/contract/schemas'
import type { StorageKind, UploadStorage } from '../../providers/storage/index.ts'
import { IMMUTABLE, notFound, sendCached } from './media.replies.ts'
import { etagMatches } from './media.service.ts'

/** One re-encoded file of an upload: its name in the bucket, the type we wrote and its bytes. */
export interface PictureFile {
  name: string
  contentType: string
  bytes: Buffer
}

/**
 * Stores an upload's files where STORAGE says, then writes its rows (decision 046), so that no row
 * ever names bytes that are not there. 'database': `write('database')` keeps the bytes in its rows.
 * 's3': every file is put in the bucket first; if one fails, all are removed again and the answer
 * is 503 MED001 with nothing written. Then `write('s3')` writes the rows without bytes; if it
 * throws (a lost race, a full gallery), the files are removed and its error goes on.
 */
export async function storePictures<T>(
  storage: UploadStorage,
  files: readonly PictureFile[],
  write: (where: StorageKind) => Promise<T>,
): Promise<T> {
  const bucket = storage.writeTo === 's3' ? storage.bucket : null
  if (!bucket || files.length === 0) return write(bucket ? 's3' : 'database')
  const names = files.map((file) => file.name)
  const puts = await Promise.allSettled(
    files.map((file) =>
      bucket.put(file.name, file.bytes, { contentType: file.contentType, cacheControl: IMMUTABLE }),
    ),
  )
  if (puts.some((put) => put.status === 'rejected')) {
    // A put that timed out may still land: every name is removed, not only those that answered.
    await bucket.delete(names)
    throw new AppError('MED001')
  }
  try {
    return await write('s3')
  } catch (error) {
    await bucket.delete(names)
    throw error
  }
}

/** A stored picture as its route found it: its row's bytes (null when in the bucket) and its name there. */
export interface StoredPicture {
  bytes: Buffer | null
  /** The object's name in the bucket, for a row whose bytes are there. */
  name: string
  /** The type we wrote, never what the upload claimed. */
  contentType: string
  /** Strong: the key names the bytes for ever. */
  etag: string
}

/**
 * Answers a stored picture with the same headers wherever its bytes are (decision 046):
 * `IMMUTABLE`, the key's ETag, 304 on If-None-Match (without asking the bucket). Bytes in the row
 * are sent as they are; bytes in the bucket are streamed from it. An object missing from the
 * bucket is 404; a bucket that fails, or none configured for a row stored in one, is 502 MED002.
 * Neither is cached.
 */
export async function sendStoredPicture(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: UploadStorage,
  picture: StoredPicture,
) {
  const media = { contentType: picture.contentType, cacheControl: IMMUTABLE, etag: picture.etag }
  if (picture.bytes) return sendCached(request, reply, { ...media, body: picture.bytes })
  if (etagMatches(request.headers['if-none-match'], picture.etag))
    return sendCached(request, reply, { ...media, body: '' })
  reply.header('cache-control', 'no-store')
  if (!storage.bucket) {
    request.log.error({ object: picture.name }, 'storage: a picture is in a bucket, but S3_BUCKET is unset')
    throw new AppError('MED002')
  }
  const object = await storage.bucket.get(picture.name).catch(() => {
    throw new AppError('MED002')
  })
  if (!object) return notFound(reply)
  if (object.length !== undefined) reply.header('content-length', object.length)
  return sendCached(request, reply, { ...media, body: object.body })
}
