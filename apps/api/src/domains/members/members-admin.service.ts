import { desc, eq } from 'drizzle-orm'
import {
  AppError,
  shopIsoString,
  type AdminMember,
  type AdminMemberLookupQuery,
  type OtpChannel,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { customers } from '../../db/schema/index.ts'
import { revokeMemberSessions } from '../../plugins/auth.ts'
import type { MessagingProvider } from '../../providers/messaging/index.ts'
import { resendRegistrationCode, sendGuestCode } from './members.service.ts'
import { OTP_POLICY, type ShopperVoice } from '../otp/index.ts'
import { recordAudit, type AuditActor } from '../staff/index.ts'

/**
 * The back office's member calls (issue 14; support and the owner): look-up, orders, addresses,
 * resending a code and disabling. A disabled member (customers.disabled_at) has every session
 * revoked in the disabling transaction, is refused at sign-in (403 STF222, after the right
 * credentials only) and no token of theirs is accepted (plugins/auth.ts findMember).
 */

/** How many members a look-up answers at most (a phone is shared by several rows at most). */
const LOOKUP_MAX = 50

type Customer = typeof customers.$inferSelect

const memberOf = (row: Customer, now = new Date()): AdminMember => ({
  id_pelanggan: row.idPelanggan,
  nama: row.nama,
  email: row.email,
  hp: row.hp,
  is_verified: row.isVerified,
  is_guest: row.isGuest,
  pending_registration:
    !row.isVerified && !row.isGuest && !!row.registrationExpiresAt && row.registrationExpiresAt > now,
  disabled_at: shopIsoString(row.disabledAt),
  created_at: shopIsoString(row.createdAt)!,
})

/** Members by e-mail (lowercased) or phone (normalised to 08…), verified first, then newest. */
export async function lookupMembers(db: Db, query: AdminMemberLookupQuery): Promise<AdminMember[]> {
  const where = query.email !== undefined ? eq(customers.email, query.email) : eq(customers.hp, query.phone!)
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(desc(customers.isVerified), desc(customers.createdAt), desc(customers.idPelanggan))
    .limit(LOOKUP_MAX)
  return rows.map((row) => memberOf(row))
}

async function customerOf(db: Db, idPelanggan: number): Promise<Customer> {
  const [row] = await db.select().from(customers).where(eq(customers.idPelanggan, idPelanggan))
  if (!row) throw new AppError('STF220')
  return row
}

/**
 * What the members' staff calls read of other modules, handed in by app.ts (issue 42): a member's
 * addresses are the addresses module's and her orders the orders module's, and both of those use
 * this module (addresses and the bag lock the member's row), so members cannot import them.
 */
export interface MemberRecords {
  /** A brand's shown name by id (catalog's brandName): staff's resent codes speak as the main brand. */
  brandName: (db: Db, idBrand: number) => Promise<string | null>
  /** The member's saved addresses, primary first (addresses' listAddresses). */
  addressesOf: (
    db: Db,
    idPelanggan: number,
  ) => Promise<
    {
      id_alamat: number
      nama_alamat: string
      penerima: string
      hp_penerima: string
      alamat_lengkap: string
      kode_pos: string
      priority: string
    }[]
  >
  /** The member's orders, newest first, as a summary (orders' memberOrderSummaries). */
  ordersOf: (
    db: Db,
    idPelanggan: number,
  ) => Promise<
    {
      sales_order_number: string
      order_date: string
      status: string
      total: number
      no_resi: string | null
    }[]
  >
}

/** One member with their saved addresses (primary first). */
export async function memberDetail(db: Db, records: MemberRecords, idPelanggan: number) {
  const customer = await customerOf(db, idPelanggan)
  const rows = await records.addressesOf(db, idPelanggan)
  return {
    ...memberOf(customer),
    addresses: rows.map((row) => ({
      id_alamat: row.id_alamat,
      nama_alamat: row.nama_alamat,
      penerima: row.penerima,
      hp_penerima: row.hp_penerima,
      alamat_lengkap: row.alamat_lengkap,
      kode_pos: row.kode_pos,
      priority: row.priority,
    })),
  }
}

/** A member's orders, newest first (a summary: the order calls show one in full). */
export async function memberOrders(db: Db, records: MemberRecords, idPelanggan: number) {
  await customerOf(db, idPelanggan)
  return records.ordersOf(db, idPelanggan)
}

/**
 * Disables or enables a member. Disabling revokes every live session in the same transaction (the
 * row is locked, so a sign-in reading it waits and then sees it disabled). Unchanged: no audit row.
 */
export async function setMemberDisabled(
  db: Db,
  idPelanggan: number,
  disabled: boolean,
  actor: AuditActor,
): Promise<AdminMember> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(customers)
      .where(eq(customers.idPelanggan, idPelanggan))
      .for('update')
    if (!current) throw new AppError('STF220')
    if (!!current.disabledAt === disabled) return memberOf(current)
    const now = new Date()
    const [row] = await tx
      .update(customers)
      .set({ disabledAt: disabled ? now : null, updatedAt: now })
      .where(eq(customers.idPelanggan, idPelanggan))
      .returning()
    const sessionsEnded = disabled ? await revokeMemberSessions(tx, idPelanggan, { now }) : 0
    await recordAudit(tx, actor, {
      action: disabled ? 'member.disable' : 'member.enable',
      targetType: 'member',
      targetId: idPelanggan,
      changes: {
        disabled: { from: !disabled, to: disabled },
        ...(disabled ? { sessions_ended: sessionsEnded } : {}),
      },
    })
    return memberOf(row!)
  })
}

/**
 * Sends a member a code through the shop's own send calls, with all their limits (per address of
 * the staff member, per phone, the shop's hourly budget): a live pending registration gets its
 * registration code (at most 5 per registration, MEM003 after); anyone else a sign-in code to their
 * phone (login_otp). A disabled member: 409 STF221. The audit row is written once the code is sent.
 */
export async function resendMemberCode(
  db: Db,
  messaging: MessagingProvider,
  idPelanggan: number,
  channel: OtpChannel,
  actor: AuditActor,
  voice: ShopperVoice,
  hourlyBudget?: number,
): Promise<{ purpose: 'REGISTER' | 'GUEST_LOGIN'; expires_in: number }> {
  const customer = await customerOf(db, idPelanggan)
  if (customer.disabledAt) throw new AppError('STF221')
  const member = memberOf(customer)
  let answer: { purpose: 'REGISTER' | 'GUEST_LOGIN'; expires_in: number }
  // Every member of staff together counts as one sender to the phone (decision 051): the back
  // office is slowed per phone as any one address is, and its sends count in the phone's bound.
  const sender = 'back-office'
  if (member.pending_registration) {
    await resendRegistrationCode(
      db,
      messaging,
      { id_pelanggan: idPelanggan, type: channel },
      sender,
      voice,
      hourlyBudget,
    )
    answer = { purpose: 'REGISTER', expires_in: OTP_POLICY.ttlMs.REGISTER / 1000 }
  } else {
    const sent = await sendGuestCode(db, messaging, { phone: customer.hp, type: channel }, sender, {
      hourlyBudget,
      voice,
    })
    answer = { purpose: 'GUEST_LOGIN', expires_in: sent.expiresInSeconds }
  }
  await recordAudit(db, actor, {
    action: 'member.resend_code',
    targetType: 'member',
    targetId: idPelanggan,
    changes: { purpose: answer.purpose, channel },
  })
  return answer
}
