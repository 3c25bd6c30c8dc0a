import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * Secrets the shop must read back (staff TOTP secrets, decision 035) sealed with AES-256-GCM under
 * DATA_ENCRYPTION_KEY, so a copy of the database alone does not hold them. Sealed values read
 * `v1:<iv>.<tag>.<ciphertext>` (base64url); without a key values are kept as given, and a value
 * stored before the key was set is still read (and sealed the next time it is written).
 */
export interface SecretBox {
  seal(plain: string): string
  open(stored: string): string
}

const PREFIX = 'v1:'

export function secretBox(key: Buffer | undefined, purpose: string): SecretBox {
  const aad = Buffer.from(purpose)
  return {
    seal(plain) {
      if (!key) return plain
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad)
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return `${PREFIX}${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')}`
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored
      if (!key) throw new Error('a sealed secret needs DATA_ENCRYPTION_KEY')
      const [iv, tag, sealed] = stored
        .slice(PREFIX.length)
        .split('.')
        .map((part) => Buffer.from(part, 'base64url'))
      const decipher = createDecipheriv('aes-256-gcm', key, iv!).setAAD(aad)
      decipher.setAuthTag(tag!)
      return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8')
    },
  }
}
