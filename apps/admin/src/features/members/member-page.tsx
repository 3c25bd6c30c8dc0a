import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { formatIdr, type AdminMember } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { DataTable } from '../../components/data-table.tsx'
import { ConfirmButton } from '../../components/confirm-dialog.tsx'
import {
  Button,
  Card,
  ErrorNote,
  Field,
  Loading,
  PageHeader,
  Select,
  ShopTime,
  SuccessNote,
} from '../../components/ui.tsx'
import { MemberState } from './member-state.tsx'

type Address = {
  id_alamat: number
  nama_alamat: string
  penerima: string
  hp_penerima: string
  alamat_lengkap: string
  kode_pos: string
  priority: string
}
type MemberDetail = AdminMember & { addresses: Address[] }
type MemberOrder = {
  sales_order_number: string
  order_date: string
  status: string
  total: number
  no_resi: string | null
}

const addressColumn = createColumnHelper<Address>()
const orderColumn = createColumnHelper<MemberOrder>()

/** One member as support sees them: details, addresses, orders; resend a code; disable or enable. */
export function MemberPage() {
  const { t } = useTranslation()
  const id = Number(useParams().id)
  const member = useQuery({
    queryKey: ['member', id],
    queryFn: () => staffApi<MemberDetail>('GET', `/members/${id}`),
  })
  const orders = useQuery({
    queryKey: ['member', id, 'orders'],
    queryFn: () => staffApi<MemberOrder[]>('GET', `/members/${id}/orders`),
  })
  if (member.isPending) return <Loading />
  if (!member.data) return <ErrorNote error={member.error} />
  const data = member.data
  const addressColumns = [
    addressColumn.accessor('nama_alamat', {
      header: t('members.addressLabel'),
      cell: (info) => (
        <div>
          <div className="font-medium">{info.getValue()}</div>
          {info.row.original.priority === 'primary' && (
            <div className="text-xs text-slate-500">{t('members.primary')}</div>
          )}
        </div>
      ),
    }),
    addressColumn.accessor('penerima', {
      header: t('members.recipient'),
      cell: (info) => (
        <div>
          <div>{info.getValue()}</div>
          <div className="whitespace-nowrap text-xs text-slate-500">{info.row.original.hp_penerima}</div>
        </div>
      ),
    }),
    addressColumn.accessor('alamat_lengkap', {
      header: t('members.address'),
      cell: (info) => (
        <div className="min-w-48 max-w-md">
          {info.getValue()} {info.row.original.kode_pos}
        </div>
      ),
    }),
  ]
  const orderColumns = [
    orderColumn.accessor('sales_order_number', {
      header: t('members.order'),
      cell: (info) => (
        <Link
          to={`/orders/${encodeURIComponent(info.getValue())}`}
          className="whitespace-nowrap font-medium underline"
        >
          {info.getValue()}
        </Link>
      ),
    }),
    orderColumn.accessor('order_date', {
      header: t('members.date'),
      cell: (info) => <ShopTime at={info.getValue()} />,
    }),
    orderColumn.accessor('status', {
      header: t('members.status'),
      cell: (info) => t(`orderStatus.${info.getValue()}`, { defaultValue: info.getValue() }),
    }),
    orderColumn.accessor('total', {
      header: t('members.total'),
      cell: (info) => <span className="whitespace-nowrap">{formatIdr(info.getValue())}</span>,
    }),
    orderColumn.accessor('no_resi', { header: t('members.waybill'), cell: (info) => info.getValue() ?? '—' }),
  ]
  return (
    <div className="flex flex-col gap-4">
      <Link to="/members" className="text-sm underline">
        {t('members.back')}
      </Link>
      <PageHeader title={data.nama || t('members.noName')} actions={<MemberState member={data} />} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('members.details')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">{t('members.id')}</dt>
            <dd>{data.id_pelanggan}</dd>
            <dt className="text-slate-500">{t('members.email')}</dt>
            <dd className="break-all">{data.email ?? '—'}</dd>
            <dt className="text-slate-500">{t('members.phone')}</dt>
            <dd>{data.hp}</dd>
            <dt className="text-slate-500">{t('members.since')}</dt>
            <dd>
              <ShopTime at={data.created_at} />
            </dd>
            <dt className="text-slate-500">{t('members.verified')}</dt>
            <dd>{data.is_verified ? t('common.yes') : t('common.no')}</dd>
            {data.disabled_at && (
              <>
                <dt className="text-slate-500">{t('members.disabledAt')}</dt>
                <dd>
                  <ShopTime at={data.disabled_at} />
                </dd>
              </>
            )}
          </dl>
        </Card>
        <Card title={t('members.actions')}>
          <div className="flex flex-col gap-4">
            <ResendCode member={data} />
            <DisableMember member={data} />
          </div>
        </Card>
      </div>
      <Card title={t('members.addresses')}>
        <DataTable caption={t('members.addresses')} columns={addressColumns} rows={data.addresses} />
      </Card>
      <Card title={t('members.orders')}>
        {orders.isPending ? (
          <Loading />
        ) : orders.error ? (
          <ErrorNote error={orders.error} />
        ) : (
          <DataTable caption={t('members.orders')} columns={orderColumns} rows={orders.data ?? []} />
        )}
      </Card>
    </div>
  )
}

function ResendCode({ member }: { member: MemberDetail }) {
  const { t } = useTranslation()
  const [channel, setChannel] = useState<'SMS' | 'WHATSAPP'>('WHATSAPP')
  const resend = useMutation({
    mutationFn: () =>
      staffApi<{ purpose: 'REGISTER' | 'GUEST_LOGIN'; expires_in: number }>(
        'POST',
        `/members/${member.id_pelanggan}/resend-code`,
        { body: { type: channel } },
      ),
  })
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-600">
        {member.pending_registration ? t('members.resendRegister') : t('members.resendLogin')}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-44">
          <Field label={t('members.channel')}>
            {(props) => (
              <Select
                {...props}
                value={channel}
                onChange={(event) => setChannel(event.target.value as 'SMS' | 'WHATSAPP')}
              >
                <option value="WHATSAPP">WhatsApp</option>
                <option value="SMS">SMS</option>
              </Select>
            )}
          </Field>
        </div>
        <Button
          look="secondary"
          disabled={resend.isPending || Boolean(member.disabled_at)}
          onClick={() => resend.mutate()}
        >
          {t('members.resend')}
        </Button>
      </div>
      <ErrorNote error={resend.error} />
      {resend.data && (
        <SuccessNote>
          {t('members.codeSent', {
            phone: member.hp,
            minutes: Math.max(1, Math.round(resend.data.expires_in / 60)),
          })}
        </SuccessNote>
      )}
    </div>
  )
}

function DisableMember({ member }: { member: MemberDetail }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const disabled = Boolean(member.disabled_at)
  const name = member.nama || member.hp
  return (
    <div className="flex flex-col items-start gap-2 border-t border-slate-100 pt-3">
      <p className="text-sm text-slate-600">
        {disabled ? t('members.enableIntro') : t('members.disableIntro')}
      </p>
      <ConfirmButton
        look={disabled ? 'primary' : 'danger'}
        label={disabled ? t('members.enable') : t('members.disable')}
        title={disabled ? t('members.enableTitle', { name }) : t('members.disableTitle', { name })}
        confirm={disabled ? t('members.enable') : t('members.disable')}
        onConfirm={() =>
          staffApi('PATCH', `/members/${member.id_pelanggan}`, { body: { disabled: !disabled } })
        }
        onDone={() => {
          void queryClient.invalidateQueries({ queryKey: ['member', member.id_pelanggan] })
          void queryClient.invalidateQueries({ queryKey: ['members'] })
        }}
      >
        {disabled ? t('members.enableText') : t('members.disableText')}
      </ConfirmButton>
    </div>
  )
}
