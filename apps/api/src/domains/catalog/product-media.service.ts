import { randomBytes } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import {
  AppError,
  CATALOG_IMAGE_BOX,
  CATALOG_IMAGE_FORMATS,
  CATALOG_IMAGE_MAX_PIXELS,
  CATALOG_MEDIA_MAX,
  type AdminVideoBody,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { productImages, productMedia, products } from '../../db/schema/index.ts'
import type { UploadStorage } from '../../providers/storage/index.ts'
import { judgeImage, storePictures } from '../media/index.ts'
import type { AuditActor } from '../staff/index.ts'
import { catalogChange, lockProduct } from './change.ts'
import { getAdminProduct } from './products.service.ts'

/** An uploaded picture's key: 24 random bytes, base64url (32 characters), never reused. */
export const PRODUCT_IMAGE_KEY = /^[A-Za-z0-9_-]{32}$/
/** The public URL of an uploaded picture, served by product-images.routes.ts under /media/v1 like every product picture. */
export const productImageUrl = (key: string, format: 'webp' | 'avif' = 'webp') =>
  `/media/v1/u/${key}.${format}`
/** An uploaded picture's object in the bucket (STORAGE=s3, decision 046). */
export const productImageObject = (key: string, format: 'webp' | 'avif') => `product-images/${key}.${format}`
const keyOfUrl = (url: string) => /^\/media\/v1\/u\/([A-Za-z0-9_-]{32})\.webp$/.exec(url)?.[1]

export interface EncodedImage {
  width: number
  height: number
  webp: Buffer
  avif: Buffer
}

/**
 * Judges an upload by its bytes and re-encodes it (the review photos' approach, decision 032):
 * sharp must read it as a JPEG, PNG, WebP or AVIF, whatever its name or declared type (SVG, GIF,
 * TIFF, HTML and the rest: 415 STF107); its header may declare at most CATALOG_IMAGE_MAX_PIXELS,
 * judged before any pixel is decoded (a decompression bomb costs nothing: 413 STF108). The picture
 * is turned upright, fitted inside 1200 × 1600 (the storefront shows product pictures at 600 × 800
 * on cards, up to twice that in the gallery and on sharp screens) and written as WebP and AVIF with
 * no metadata (EXIF, GPS, ICC, XMP and anything after the image are dropped).
 */
export async function encodeProductImage(input: Buffer): Promise<EncodedImage> {
  const upright = await judgeImage(input, {
    formats: CATALOG_IMAGE_FORMATS,
    maxPixels: CATALOG_IMAGE_MAX_PIXELS,
    notAnImage: 'STF107',
    tooLarge: 'STF108',
  })
  try {
    const base = upright.resize({
      width: CATALOG_IMAGE_BOX.width,
      height: CATALOG_IMAGE_BOX.height,
      fit: 'inside',
      withoutEnlargement: true,
    })
    const [webp, avif] = await Promise.all([
      base.clone().webp({ quality: 82 }).toBuffer({ resolveWithObject: true }),
      base.clone().avif({ quality: 55, effort: 2 }).toBuffer(),
    ])
    return { width: webp.info.width, height: webp.info.height, webp: webp.data, avif }
  } catch {
    // Header fine, pixels broken (truncated or corrupt data): not a picture we can show.
    throw new AppError('STF107')
  }
}

async function nextPosition(tx: Transaction, productCode: string): Promise<number> {
  const items = await tx
    .select({ position: productMedia.position })
    .from(productMedia)
    .where(eq(productMedia.productCode, productCode))
  if (items.length >= CATALOG_MEDIA_MAX) throw new AppError('STF109')
  return items.reduce((max, item) => Math.max(max, item.position + 1), 0)
}

/**
 * POST …/media/images: one picture, re-encoded, stored where STORAGE says (in its row, or in the
 * bucket before the row is written: decision 046) and added at the end of the gallery.
 */
export async function addProductImage(
  db: Db,
  storage: UploadStorage,
  code: string,
  bytes: Buffer,
  actor: AuditActor,
) {
  // An unknown product costs no encoding; encoding is slow, so it runs before the transaction and
  // no lock is held meanwhile (the product is looked up again, locked, inside it).
  const [known] = await db
    .select({ code: products.productCode })
    .from(products)
    .where(sql`lower(${products.productCode}) = lower(${code})`)
    .limit(1)
  if (!known) throw new AppError('STF100')
  const image = await encodeProductImage(bytes)
  const key = randomBytes(24).toString('base64url')
  const url = productImageUrl(key)
  const files = [
    { name: productImageObject(key, 'webp'), contentType: 'image/webp', bytes: image.webp },
    { name: productImageObject(key, 'avif'), contentType: 'image/avif', bytes: image.avif },
  ]
  const stored = await storePictures(storage, files, (where) =>
    catalogChange(
      db,
      actor,
      {
        action: 'media.upload',
        targetType: 'product',
        targetId: code,
        changes: { url, width: image.width, height: image.height, bytes: bytes.length, storage: where },
      },
      async (tx) => {
        const product = await lockProduct(tx, code)
        const position = await nextPosition(tx, product.productCode)
        const inRow = where === 'database'
        await tx.insert(productImages).values({
          key,
          productCode: product.productCode,
          width: image.width,
          height: image.height,
          storage: where,
          webp: inRow ? image.webp : null,
          avif: inRow ? image.avif : null,
        })
        await tx
          .insert(productMedia)
          .values({ productCode: product.productCode, type: 'image', url, src: url, position })
        return product.productCode
      },
    ),
  )
  return getAdminProduct(db, stored)
}

/** POST …/media/videos: a video by URL with its poster, at the end of the gallery. */
export async function addProductVideo(db: Db, code: string, body: AdminVideoBody, actor: AuditActor) {
  const stored = await catalogChange(
    db,
    actor,
    { action: 'media.video', targetType: 'product', targetId: code, changes: { ...body } },
    async (tx) => {
      const product = await lockProduct(tx, code)
      const position = await nextPosition(tx, product.productCode)
      await tx.insert(productMedia).values({
        productCode: product.productCode,
        type: 'video',
        url: body.url,
        src: body.poster,
        position,
      })
      return product.productCode
    },
  )
  return getAdminProduct(db, stored)
}

/** PUT …/media/order: every item of the gallery, each once, in the new order (422 STF114 otherwise). */
export async function reorderMedia(db: Db, code: string, ids: readonly number[], actor: AuditActor) {
  const stored = await catalogChange(
    db,
    actor,
    { action: 'media.reorder', targetType: 'product', targetId: code, changes: { ids } },
    async (tx) => {
      const product = await lockProduct(tx, code)
      const items = await tx
        .select({ id: productMedia.id })
        .from(productMedia)
        .where(eq(productMedia.productCode, product.productCode))
        .orderBy(asc(productMedia.position))
      const have = new Set(items.map((i) => i.id))
      if (ids.length !== have.size || !ids.every((id) => have.has(id))) throw new AppError('STF114')
      for (const [position, id] of ids.entries()) {
        await tx.update(productMedia).set({ position }).where(eq(productMedia.id, id))
      }
      return product.productCode
    },
  )
  return getAdminProduct(db, stored)
}

/**
 * DELETE …/media/{id}: the item, and an uploaded picture's stored bytes (a bucket's objects after
 * the commit, best effort: decision 046). 404 STF110.
 */
export async function deleteMedia(
  db: Db,
  storage: UploadStorage,
  code: string,
  id: number,
  actor: AuditActor,
) {
  const { stored, inBucket } = await catalogChange(
    db,
    actor,
    { action: 'media.delete', targetType: 'product', targetId: code, changes: { id } },
    async (tx) => {
      const product = await lockProduct(tx, code)
      const [item] = await tx
        .delete(productMedia)
        .where(and(eq(productMedia.id, id), eq(productMedia.productCode, product.productCode)))
        .returning()
      if (!item) throw new AppError('STF110')
      const key = keyOfUrl(item.url)
      let inBucket: string | null = null
      // The same picture may still be another item's poster or url: keep its bytes then.
      if (key) {
        const [still] = await tx
          .select({ id: productMedia.id })
          .from(productMedia)
          .where(sql`${productMedia.url} = ${item.url} or ${productMedia.src} = ${item.url}`)
          .limit(1)
        if (!still) {
          const [removed] = await tx
            .delete(productImages)
            .where(eq(productImages.key, key))
            .returning({ storage: productImages.storage })
          if (removed?.storage === 's3') inBucket = key
        }
      }
      return { stored: product.productCode, inBucket }
    },
  )
  if (inBucket)
    await storage.bucket?.delete([productImageObject(inBucket, 'webp'), productImageObject(inBucket, 'avif')])
  return getAdminProduct(db, stored)
}

/**
 * An uploaded picture in one format, for /media/v1/u/{key}.{webp,avif}: its bytes when its row
 * holds them, null when they are in the bucket (decision 046); undefined for an unknown key.
 */
export async function findProductImage(db: Db, key: string, format: 'webp' | 'avif') {
  const column = format === 'webp' ? productImages.webp : productImages.avif
  const [row] = await db.select({ bytes: column }).from(productImages).where(eq(productImages.key, key))
  return row
}
