import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { FastifyBaseLogger } from 'fastify'
import type { Bucket } from './storage.ts'

export interface S3BucketOptions {
  bucket: string
  /** Another S3-compatible service's origin; unset, AWS in `region`. */
  endpoint?: string
  region: string
  /** Unset: the SDK's default chain (AWS_* variables, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  forcePathStyle: boolean
  /** '' or a folder ending in '/', put before every name. */
  prefix: string
  /** The longest one call may take, its retries included. */
  timeoutMs: number
}

/** Why a call failed, for the log: the service's code and status, or the network's error. */
function reason(error: unknown) {
  if (error instanceof S3ServiceException)
    return { code: error.name, status: error.$metadata.httpStatusCode, message: error.message }
  if (error instanceof Error) return { code: error.name, message: error.message }
  return { message: String(error) }
}

/** A missing object: S3's NoSuchKey, or a bare 404 (some S3-compatible services send no code). */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)

/**
 * The bucket adapter (decision 046) on @aws-sdk/client-s3: PutObject, GetObject, DeleteObject by
 * name under the prefix. Every call runs under one deadline (S3_TIMEOUT_MS, the SDK's retries
 * included), so a bucket that hangs fails the call instead of holding the request.
 */
export function s3Bucket(options: S3BucketOptions, log: FastifyBaseLogger): Bucket {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    requestHandler: { connectionTimeout: options.timeoutMs },
    // Since 2025 the SDK adds optional checksums to every PutObject, which several S3-compatible
    // services refuse: another service gets them only where S3 requires them (AWS keeps them).
    ...(options.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  })
  const key = (name: string) => `${options.prefix}${name}`

  /** Runs one call under the deadline; the deadline ends when the call answers (a body may still stream). */
  async function within<T>(call: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(new Error('S3_TIMEOUT_MS passed')), options.timeoutMs)
    try {
      return await call(deadline.signal)
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    async put(name, body, headers) {
      try {
        await within((abortSignal) =>
          client.send(
            new PutObjectCommand({
              Bucket: options.bucket,
              Key: key(name),
              Body: body,
              ContentLength: body.length,
              ContentType: headers.contentType,
              CacheControl: headers.cacheControl,
            }),
            { abortSignal },
          ),
        )
      } catch (error) {
        log.error({ bucket: options.bucket, object: key(name), ...reason(error) }, 'storage: put failed')
        throw error
      }
    },

    async get(name) {
      try {
        const answer = await within((abortSignal) =>
          client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key(name) }), { abortSignal }),
        )
        if (!(answer.Body instanceof Readable)) throw new Error('GetObject answered no readable body')
        return { body: answer.Body, length: answer.ContentLength }
      } catch (error) {
        if (isMissing(error)) {
          log.warn(
            { bucket: options.bucket, object: key(name) },
            'storage: a stored picture is not in the bucket',
          )
          return null
        }
        log.error({ bucket: options.bucket, object: key(name), ...reason(error) }, 'storage: get failed')
        throw error
      }
    },

    async delete(names) {
      await Promise.all(
        names.map(async (name) => {
          try {
            await within((abortSignal) =>
              client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key(name) }), {
                abortSignal,
              }),
            )
          } catch (error) {
            log.warn(
              { bucket: options.bucket, object: key(name), ...reason(error) },
              'storage: delete failed, the object is left behind',
            )
          }
        }),
      )
    },
  }
}
