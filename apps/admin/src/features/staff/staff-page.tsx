import { formatShopTime } from '../../lib/shop-time.ts'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import {
  STAFF_ROLES,
  STAFF_STATES,
  StaffInviteBodySchema,
  type StaffListItem,
  type StaffMember,
  type StaffRole,
  type StaffState,
} from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { useStaff } from '../../lib/session.ts'
import { useUrlFilters } from '../../lib/use-url-filters.ts'
import { DataTable } from '../../components/data-table.tsx'
import { ConfirmButton } from '../../components/confirm-dialog.tsx'
import {
  Badge,
  Button,
  Card,
  ErrorNote,
  Field,
  Input,
  Loading,
  PageHeader,
  Select,
  ShopTime,
  SuccessNote,
} from '../../components/ui.tsx'

const STAFF_KEY = ['staff'] as const
type InviteForm = z.input<typeof StaffInviteBodySchema>
type Invitation = { staff: StaffMember; accept_path: string; expires_at: string }
/** A one-time link the owner just made for someone: a new invitation or a password reset. */
type OneTimeLink = Invitation & { kind: 'invite' | 'reset' }

const STATE_TONES = {
  active: 'green',
  invited: 'amber',
  expired: 'slate',
  disabled: 'red',
} as const satisfies Record<StaffState, 'green' | 'amber' | 'slate' | 'red'>
const STATE_NAMES = {
  active: 'staff.active',
  invited: 'staff.invited',
  expired: 'staffFilter.expired',
  disabled: 'staff.disabled',
} as const satisfies Record<StaffState, string>

/**
 * The owner's screen: everyone on the staff, their role and state; invitations. The state filter
 * lives in the address (issue 30: the home's "invitations pending" links to /staff?state=invited).
 */
export function StaffPage() {
  const { t } = useTranslation()
  const { filters, setFilter } = useUrlFilters(['state'] as const)
  const state = (STAFF_STATES as readonly string[]).includes(filters.state) ? filters.state : ''
  const list = useQuery({
    queryKey: [...STAFF_KEY, state],
    queryFn: () => staffApi<StaffListItem[]>('GET', '/staff', { query: { state } }),
  })
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('staff.title')} />
      <InviteCard />
      <div className="max-w-xs">
        <Field label={t('staffFilter.state')}>
          {(props) => (
            <Select {...props} value={state} onChange={(event) => setFilter('state', event.target.value)}>
              <option value="">{t('staffFilter.all')}</option>
              {STAFF_STATES.map((value) => (
                <option key={value} value={value}>
                  {t(`staffFilter.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <ErrorNote error={list.error} />
      ) : (
        <StaffTable rows={list.data} />
      )}
    </div>
  )
}

function InviteCard() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [invitation, setInvitation] = useState<Invitation | null>(null)
  const form = useForm<InviteForm, unknown, z.output<typeof StaffInviteBodySchema>>({
    resolver: zodResolver(StaffInviteBodySchema),
    defaultValues: { email: '', name: '', role: 'merchandiser' },
  })
  const invite = useMutation({
    mutationFn: (body: z.output<typeof StaffInviteBodySchema>) =>
      staffApi<Invitation>('POST', '/staff', { body }),
    onSuccess: (answer) => {
      setInvitation(answer)
      form.reset()
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY })
    },
  })
  const { errors } = form.formState
  const link = invitation ? new URL(invitation.accept_path, window.location.origin).toString() : ''
  return (
    <Card title={t('staff.invite')}>
      <form
        noValidate
        onSubmit={form.handleSubmit((body) => invite.mutate(body))}
        className="grid gap-3 md:grid-cols-[1fr_1fr_12rem_auto] md:items-end"
      >
        <Field label={t('staff.name')} error={errors.name?.message}>
          {(props) => <Input {...props} {...form.register('name')} />}
        </Field>
        <Field label={t('staff.email')} error={errors.email?.message}>
          {(props) => <Input {...props} type="email" {...form.register('email')} />}
        </Field>
        <Field label={t('staff.role')} error={errors.role?.message}>
          {(props) => (
            <Select {...props} {...form.register('role')}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" disabled={invite.isPending}>
          {t('staff.sendInvite')}
        </Button>
      </form>
      <div className="mt-3 flex flex-col gap-2">
        <ErrorNote error={invite.error} />
        {invitation && (
          <SuccessNote>
            {t('staff.inviteLink', {
              name: invitation.staff.name,
              until: formatShopTime(invitation.expires_at, i18n.language),
            })}
            <br />
            <code className="break-all" data-testid="invite-link">
              {link}
            </code>
          </SuccessNote>
        )}
      </div>
    </Card>
  )
}

const column = createColumnHelper<StaffListItem>()

function StaffTable({ rows }: { rows: StaffListItem[] }) {
  const { t, i18n } = useTranslation()
  const me = useStaff()
  const queryClient = useQueryClient()
  const update = useMutation({
    mutationFn: ({ id, ...body }: { id: number; role?: StaffRole; disabled?: boolean }) =>
      staffApi<StaffMember>('PATCH', `/staff/${id}`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  })
  const [oneTime, setOneTime] = useState<OneTimeLink | null>(null)
  const [cleared, setCleared] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: STAFF_KEY })
  const makeLink = async (member: StaffMember, kind: OneTimeLink['kind']) => {
    const path = kind === 'invite' ? 'resend-invite' : 'reset-password'
    const answer = await staffApi<Invitation>('POST', `/staff/${member.id}/${path}`)
    setCleared(null)
    setOneTime({ ...answer, kind })
    await refresh()
  }
  const columns = [
    column.accessor('name', {
      header: t('staff.name'),
      cell: (info) => (
        <div>
          <div className="font-medium">{info.getValue()}</div>
          <div className="text-xs text-slate-500">{info.row.original.email}</div>
        </div>
      ),
    }),
    column.accessor('role', {
      header: t('staff.role'),
      cell: (info) => (
        <Select
          aria-label={t('staff.changeRole', { name: info.row.original.name })}
          value={info.getValue()}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate({ id: info.row.original.id, role: event.target.value as StaffRole })
          }
          className="w-40 min-w-36"
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </Select>
      ),
    }),
    column.accessor('state', {
      header: t('staff.state'),
      cell: (info) => <Badge tone={STATE_TONES[info.getValue()]}>{t(STATE_NAMES[info.getValue()])}</Badge>,
    }),
    column.accessor('totp_enabled', {
      header: t('staff.totp'),
      cell: (info) => (info.getValue() ? t('common.yes') : t('common.no')),
    }),
    column.accessor('created_at', {
      header: t('staff.since'),
      cell: (info) => <ShopTime at={info.getValue()} />,
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('common.actions')}</span>,
      cell: ({ row }) => {
        const member = row.original
        if (member.id === me.id) return null
        return (
          <div className="flex flex-wrap gap-2">
            <Button
              look={member.disabled ? 'secondary' : 'danger'}
              disabled={update.isPending}
              onClick={() => update.mutate({ id: member.id, disabled: !member.disabled })}
            >
              {member.disabled ? t('staff.enable') : t('staff.disable')}
            </Button>
            {member.invited ? (
              <ConfirmButton
                look="secondary"
                label={t('staffCare.resendInvite')}
                title={t('staffCare.resendTitle', { name: member.name })}
                confirm={t('staffCare.resendConfirm')}
                disabled={member.disabled}
                onConfirm={() => makeLink(member, 'invite')}
              >
                {t('staffCare.resendText')}
              </ConfirmButton>
            ) : (
              <ConfirmButton
                look="secondary"
                label={t('staffCare.resetPassword')}
                title={t('staffCare.resetTitle', { name: member.name })}
                confirm={t('staffCare.resetConfirm')}
                onConfirm={() => makeLink(member, 'reset')}
              >
                {t('staffCare.resetText')}
              </ConfirmButton>
            )}
            {member.totp_enabled && (
              <ConfirmButton
                look="secondary"
                label={t('staffCare.clearTotp')}
                title={t('staffCare.clearTotpTitle', { name: member.name })}
                confirm={t('staffCare.clearTotpConfirm')}
                onConfirm={async () => {
                  await staffApi<StaffMember>('POST', `/staff/${member.id}/totp/reset`)
                  setOneTime(null)
                  setCleared(member.name)
                  await refresh()
                }}
              >
                {t('staffCare.clearTotpText')}
              </ConfirmButton>
            )}
          </div>
        )
      },
    }),
  ]
  return (
    <div className="flex flex-col gap-2">
      <ErrorNote error={update.error} />
      {oneTime && (
        <SuccessNote>
          {t(oneTime.kind === 'invite' ? 'staffCare.inviteAgain' : 'staffCare.resetLink', {
            name: oneTime.staff.name,
            until: formatShopTime(oneTime.expires_at, i18n.language),
          })}
          <br />
          <code className="break-all" data-testid="one-time-link">
            {new URL(oneTime.accept_path, window.location.origin).toString()}
          </code>
        </SuccessNote>
      )}
      {cleared && <SuccessNote>{t('staffCare.totpCleared', { name: cleared })}</SuccessNote>}
      <DataTable caption={t('staff.title')} columns={columns} rows={rows} />
    </div>
  )
}
