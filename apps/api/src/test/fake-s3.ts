import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** An object as the fake keeps it: the bytes and the headers it was written with. */
export interface FakeObject {
  body: Buffer
  contentType: string | undefined
  cacheControl: string | undefined
  etag: string
}

/** What a test makes the next calls answer: a status with S3's error code, or no answer at all. */
export type FakeFault = { status: number; code: string } | 'hang'

export interface FakeS3 {
  /** The endpoint (S3_ENDPOINT), path style: {url}/{bucket}/{key}. */
  url: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** Every object by its key (the prefix included). */
  objects: Map<string, FakeObject>
  /** Every call received, in order. */
  calls: { method: string; key: string }[]
  /** Decides each call's fault (or none): the bucket down, slow, or refusing one object. */
  fault: (method: string, key: string) => FakeFault | null
  close(): Promise<void>
}

const xmlError = (code: string, message: string, resource: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
  `<Resource>${resource}</Resource><RequestId>fake</RequestId></Error>`

/**
 * A small S3-compatible server for tests (decision 046), path style, speaking the requests
 * @aws-sdk/client-s3 sends: PutObject (PUT /{bucket}/{key}, the bytes as the body, Content-Type and
 * Cache-Control kept), GetObject (GET, 200 with the bytes, their type, length and ETag; 404
 * NoSuchKey), HeadObject (HEAD, the same without a body; a bare 404) and DeleteObject (DELETE, 204,
 * also for a missing key). Errors are S3's XML `<Error><Code>`. A request must be signed
 * (SigV4) with the fake's access key id, for the fake's bucket; the signature itself is the SDK's
 * business and is not checked. A streamed (aws-chunked) body is refused so a test notices one.
 */
export async function startFakeS3(options: { bucket?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'busana-test'
  const accessKeyId = 'FAKEACCESSKEY'
  const fake: Omit<FakeS3, 'url' | 'close'> = {
    bucket,
    accessKeyId,
    secretAccessKey: 'fake-secret-access-key',
    objects: new Map(),
    calls: [],
    fault: () => null,
  }

  const fail = (res: ServerResponse, status: number, code: string, resource: string, withBody = true) => {
    res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'fake' })
    res.end(withBody ? xmlError(code, code, resource) : undefined)
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const path = new URL(req.url ?? '/', 'http://fake').pathname
    const [, bucketName = '', ...segments] = path.split('/')
    const key = segments.map((segment) => decodeURIComponent(segment)).join('/')
    const method = req.method ?? 'GET'
    fake.calls.push({ method, key })
    const head = method === 'HEAD'

    const fault = fake.fault(method, key)
    if (fault === 'hang') return // never answers: the client's deadline must end the call
    if (fault) return fail(res, fault.status, fault.code, path, !head)

    const authorization = req.headers.authorization ?? ''
    if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`))
      return fail(res, 403, 'InvalidAccessKeyId', path, !head)
    if (bucketName !== bucket) return fail(res, 404, 'NoSuchBucket', path, !head)
    if (!key) return fail(res, 400, 'InvalidRequest', path, !head)

    switch (method) {
      case 'PUT': {
        const sha = String(req.headers['x-amz-content-sha256'] ?? '')
        if (sha.startsWith('STREAMING-') || /aws-chunked/.test(String(req.headers['content-encoding'])))
          return fail(res, 501, 'NotImplemented', path)
        const etag = `"${createHash('md5').update(body).digest('hex')}"`
        fake.objects.set(key, {
          body,
          contentType: req.headers['content-type'],
          cacheControl: req.headers['cache-control'],
          etag,
        })
        res.writeHead(200, { etag, 'x-amz-request-id': 'fake' })
        return res.end()
      }
      case 'GET':
      case 'HEAD': {
        const object = fake.objects.get(key)
        if (!object) return fail(res, 404, 'NoSuchKey', path, !head)
        res.writeHead(200, {
          'content-type': object.contentType ?? 'binary/octet-stream',
          'content-length': object.body.length,
          etag: object.etag,
          'last-modified': new Date(0).toUTCString(),
          ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
        })
        return res.end(head ? undefined : object.body)
      }
      case 'DELETE':
        fake.objects.delete(key)
        res.writeHead(204)
        return res.end()
      default:
        return fail(res, 405, 'MethodNotAllowed', path)
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return Object.assign(fake, {
    url,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  })
}

/** The variables that point the API at a fake (STORAGE=s3 unless `storage` says otherwise). */
export const fakeS3Env = (fake: FakeS3, storage: 'database' | 's3' = 's3', prefix = '') => ({
  STORAGE: storage,
  S3_BUCKET: fake.bucket,
  S3_ENDPOINT: fake.url,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: fake.accessKeyId,
  S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
  S3_PREFIX: prefix,
  S3_TIMEOUT_MS: '1500',
})
