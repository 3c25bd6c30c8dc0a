import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { Link, useSearchParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  AdminRateBodySchema,
  AdminZoneAreaBodySchema,
  formatIdr,
  type AdminRateBody,
  type AdminShippingTable,
  type AdminShippingZone,
} from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { formSchema } from '../../lib/form-issues.ts'
import { ConfirmButton } from '../../components/confirm-dialog.tsx'
import { ScrollFrame } from '../../components/scroll-frame.tsx'
import {
  Badge,
  Button,
  Card,
  ErrorNote,
  Field,
  Input,
  Loading,
  PageHeader,
  SuccessNote,
} from '../../components/ui.tsx'

type Service = AdminShippingTable['services'][number]
const SHIPPING_KEY = ['shipping'] as const
/** A service as staff say it: the courier and the service, such as 'JNE REG' (its code is 'jne:reg'). */
const serviceLabel = (service: Service) => `${service.code.split(':')[0]!.toUpperCase()} ${service.name}`

/**
 * The shipping rate table (owner, warehouse; decision 017): each zone with its provinces and
 * cities, and its fare per started kilogram for each courier service. Checkout reads the table on
 * every quote, so a change prices the next checkout.
 */
export function ShippingPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const query = useQuery({
    queryKey: SHIPPING_KEY,
    queryFn: () => staffApi<AdminShippingTable>('GET', '/shipping/rates'),
  })
  const zones = query.data?.zones ?? []
  const zone = zones.find((z) => z.id === params.get('zone')) ?? zones[0]
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('shipping.title')} />
      <p className="max-w-3xl text-sm text-slate-600">{t('shipping.intro')}</p>
      {query.isPending ? (
        <Loading />
      ) : !query.data ? (
        <ErrorNote error={query.error} />
      ) : (
        <>
          <Overview table={query.data} current={zone?.id} />
          {zone && <ZoneCard key={zone.id} zone={zone} services={query.data.services} />}
        </>
      )}
    </div>
  )
}

/** Every zone's fares at a glance (services across); a zone's name opens it below for editing. */
function Overview({ table, current }: { table: AdminShippingTable; current?: string }) {
  const { t } = useTranslation()
  return (
    <ScrollFrame label={t('shipping.overview')} className="rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{t('shipping.overview')}</caption>
        <thead className="bg-slate-100 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('shipping.zone')}
            </th>
            {table.services.map((service) => (
              <th key={service.id} scope="col" className="whitespace-nowrap px-3 py-2 text-right">
                {serviceLabel(service)}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right">
              {t('shipping.areas')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.zones.map((zone) => (
            <tr key={zone.id} className={zone.id === current ? 'bg-slate-50' : ''}>
              <th scope="row" className="min-w-44 px-3 py-2 font-normal">
                <Link
                  to={`?zone=${encodeURIComponent(zone.id)}`}
                  aria-current={zone.id === current ? 'true' : undefined}
                  className={`underline ${zone.id === current ? 'font-semibold' : ''}`}
                >
                  {zone.name}
                </Link>
              </th>
              {table.services.map((service) => {
                const rate = zone.rates.find((r) => r.service_id === service.id)
                return (
                  <td key={service.id} className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                    {rate ? formatIdr(rate.price_per_kg) : <span className="text-slate-400">—</span>}
                  </td>
                )
              })}
              <td className="px-3 py-2 text-right tabular-nums">{zone.areas.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  )
}

function useZoneSaved() {
  const queryClient = useQueryClient()
  return (zone: AdminShippingZone) =>
    queryClient.setQueryData<AdminShippingTable>(SHIPPING_KEY, (table) =>
      table ? { ...table, zones: table.zones.map((z) => (z.id === zone.id ? zone : z)) } : table,
    )
}

function ZoneCard({ zone, services }: { zone: AdminShippingZone; services: Service[] }) {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby={`zone-${zone.id}`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={`zone-${zone.id}`} className="text-base font-semibold">
          {zone.name}
        </h2>
        <code className="text-xs text-slate-500">{zone.id}</code>
        <span className="text-xs text-slate-500">{t('shipping.extraDays', { days: zone.extra_days })}</span>
      </div>
      <div className="grid gap-4 xl:grid-cols-[3fr_2fr]">
        <RatesTable zone={zone} services={services} />
        <Areas zone={zone} />
      </div>
    </section>
  )
}

function RatesTable({ zone, services }: { zone: AdminShippingZone; services: Service[] }) {
  const { t } = useTranslation()
  return (
    <ScrollFrame
      label={t('shipping.ratesOf', { zone: zone.name })}
      className="rounded-lg border border-slate-200"
    >
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{t('shipping.ratesOf', { zone: zone.name })}</caption>
        <thead className="bg-slate-100 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('shipping.service')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('shipping.perKg')}
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="relative">
                <span className="sr-only">{t('shipping.actions')}</span>
              </span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {services.map((service) => (
            <RateRow
              key={service.id}
              zone={zone}
              service={service}
              price={zone.rates.find((rate) => rate.service_id === service.id)?.price_per_kg}
            />
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  )
}

type RateForm = { price_per_kg: string }
/** The fare as typed (the contract reads the text as rupiah; empty is 0, refused). */
const RateSchema = formSchema(
  AdminRateBodySchema,
  (form: RateForm) => ({ price_per_kg: form.price_per_kg.trim() }),
  'price_per_kg',
)

function RateRow({ zone, service, price }: { zone: AdminShippingZone; service: Service; price?: number }) {
  const { t } = useTranslation()
  const saved = useZoneSaved()
  const form = useForm<RateForm, unknown, AdminRateBody>({
    resolver: zodResolver(RateSchema),
    defaultValues: { price_per_kg: price === undefined ? '' : String(price) },
  })
  const value = form.watch('price_per_kg')
  const invalid = form.formState.errors.price_per_kg?.message
  const path = `/shipping/rates/${encodeURIComponent(zone.id)}/${service.id}`
  const save = useMutation({
    mutationFn: (body: AdminRateBody) => staffApi<AdminShippingZone>('PUT', path, { body }),
    onSuccess: saved,
  })
  const label = serviceLabel(service)
  const submit = form.handleSubmit((body) => save.mutate(body))
  const unchanged = price !== undefined && value.trim() === String(price)
  return (
    <tr className="align-top">
      <th scope="row" className="px-3 py-2 font-normal">
        <div className="font-medium">{label}</div>
        <div className="text-xs text-slate-500">
          {service.etd_min === service.etd_max
            ? t('shipping.etdOne', { count: service.etd_min })
            : t('shipping.etd', { min: service.etd_min, max: service.etd_max })}
          {!service.active && (
            <>
              {' '}
              <Badge tone="amber">{t('shipping.inactive')}</Badge>
            </>
          )}
        </div>
      </th>
      <td className="px-3 py-2">
        <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-2">
          <div className="flex flex-col gap-1">
            <Input
              aria-label={t('shipping.rateOf', { service: label, zone: zone.name })}
              aria-invalid={Boolean(invalid)}
              inputMode="numeric"
              placeholder={t('shipping.notServed')}
              className="w-32"
              {...form.register('price_per_kg')}
            />
            {price !== undefined && <span className="text-xs text-slate-500">{formatIdr(price)}</span>}
            {invalid && <span className="text-xs text-red-700">{invalid}</span>}
          </div>
          <Button
            type="submit"
            look="secondary"
            disabled={save.isPending || unchanged}
            aria-label={t('shipping.saveRate', { service: label, zone: zone.name })}
          >
            {price === undefined ? t('shipping.add') : t('common.save')}
          </Button>
        </form>
        <ErrorNote error={save.error} />
        {save.isSuccess && unchanged && (
          <span role="status" className="text-xs text-emerald-700">
            {t('common.saved')}
          </span>
        )}
      </td>
      <td className="px-3 py-2">
        {price !== undefined && (
          <ConfirmButton
            label={t('shipping.remove')}
            buttonLabel={t('shipping.removeRate', { service: label, zone: zone.name })}
            title={t('shipping.removeRate', { service: label, zone: zone.name })}
            confirm={t('shipping.remove')}
            onConfirm={async () => {
              saved(await staffApi<AdminShippingZone>('DELETE', path))
              form.reset({ price_per_kg: '' })
            }}
          >
            {t('shipping.removeRateText', { service: label, zone: zone.name })}
          </ConfirmButton>
        )}
      </td>
    </tr>
  )
}

type AreaForm = { area_id: string }
type AreaBody = z.output<typeof AdminZoneAreaBodySchema>
const AreaSchema = formSchema(AdminZoneAreaBodySchema, (form: AreaForm) => form, 'area_id')

function Areas({ zone }: { zone: AdminShippingZone }) {
  const { t } = useTranslation()
  const saved = useZoneSaved()
  const form = useForm<AreaForm, unknown, AreaBody>({
    resolver: zodResolver(AreaSchema),
    defaultValues: { area_id: '' },
  })
  const add = useMutation({
    mutationFn: (body: AreaBody) =>
      staffApi<AdminShippingZone>('POST', `/shipping/zones/${encodeURIComponent(zone.id)}/areas`, { body }),
    onSuccess: (answer) => {
      saved(answer)
      form.reset()
    },
  })
  const submit = form.handleSubmit((body) => add.mutate(body))
  return (
    <Card title={t('shipping.areas')}>
      <ul aria-label={t('shipping.areasOf', { zone: zone.name })} className="mb-3 flex flex-wrap gap-2">
        {zone.areas.length === 0 && <li className="text-sm text-slate-500">{t('shipping.noAreas')}</li>}
        {zone.areas.map((item) => (
          <li
            key={item.area_id}
            className="flex items-center gap-1 rounded-full border border-slate-200 bg-slate-50 py-0.5 pl-3 pr-1 text-sm"
          >
            <span>
              {item.name && <>{item.name} </>}
              <code className="text-xs text-slate-500">{item.area_id}</code>
            </span>
            <ConfirmButton
              look="secondary"
              label="✕"
              buttonLabel={t('shipping.removeArea', { area: item.name ?? item.area_id, zone: zone.name })}
              title={t('shipping.removeArea', { area: item.name ?? item.area_id, zone: zone.name })}
              confirm={t('shipping.remove')}
              onConfirm={async () =>
                saved(
                  await staffApi<AdminShippingZone>(
                    'DELETE',
                    `/shipping/zones/${encodeURIComponent(zone.id)}/areas/${encodeURIComponent(item.area_id)}`,
                  ),
                )
              }
            >
              {t('shipping.removeAreaText')}
            </ConfirmButton>
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="w-48">
          <Field
            label={t('shipping.areaId', { zone: zone.name })}
            hint={t('shipping.areaHint')}
            error={form.formState.errors.area_id?.message}
          >
            {(props) => <Input {...props} {...form.register('area_id')} />}
          </Field>
        </div>
        <Button type="submit" look="secondary" disabled={add.isPending} className="mb-5">
          {t('shipping.addArea')}
        </Button>
      </form>
      <ErrorNote error={add.error} />
      {add.isSuccess && <SuccessNote>{t('shipping.areaAdded')}</SuccessNote>}
    </Card>
  )
}
