import { expect, test } from '../e2e/fixtures/storefront.ts'
import { Account, registerMember, storeSession } from '../e2e/fixtures/account.ts'
import { BundlePanel, bundleUrl, demoBundles } from '../e2e/fixtures/bundle.ts'
import { Wishlist } from '../e2e/fixtures/wishlist.ts'

const dir = '/tmp/busana-shots'

test('screens', async ({ page, request }, info) => {
  const w = info.project.name
  const { user } = await registerMember(request, 'shots')
  await storeSession(page, user)
  const panel = new BundlePanel(page)
  await page.goto(bundleUrl(demoBundles.mixAndMatch))
  await new Account(page).expectSignedIn()
  await panel.region().scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${dir}/bundle-empty-${w}.png`, fullPage: w === 'phone' })
  await panel.fill(1, 'Kemeja Linen Oversize Hijau Sage', 'L')
  await panel.slot(1).getByRole('button', { name: 'Increase quantity' }).click()
  await expect(panel.qty(1)).toHaveText('2')
  await panel.fill(2, 'Celana Chino Slim Khaki', '30')
  await panel.slot(3).getByRole('combobox', { name: 'Product' }).selectOption({ label: 'Tas Tote Kanvas Hitam' })
  await expect(panel.qty(3)).toHaveText('1')
  await expect(panel.total()).toHaveText('4 / 4 pcs')
  await panel.region().scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${dir}/bundle-composed-${w}.png`, fullPage: w === 'phone' })
  await panel.region().screenshot({ path: `${dir}/bundle-panel-only-${w}.png` })

  // Wishlist: three products wished through the API, then the page.
  for (const code of ['PRP-1060', 'PRP-1081', 'PRP-1019', 'PRP-1026']) {
    await request.post('/api/v2/member/wishlist', {
      params: { token: user.token },
      headers: { 'x-brand-id': '9' },
      data: { product_code: code },
    })
  }
  const wishlist = new Wishlist(page)
  await page.goto('/member/wishlist')
  await expect(wishlist.cards()).toHaveCount(4)
  await page.waitForFunction(() =>
    [...document.images]
      .filter((i) => i.getBoundingClientRect().top < window.innerHeight)
      .every((i) => i.complete && i.naturalWidth > 0),
  )
  await page.screenshot({ path: `${dir}/wishlist-full-${w}.png`, fullPage: true })
  for (const name of ['Rok Plisket Midi Hijau Sage', 'Topi Bucket Katun Krem', 'Kaos Katun Basic Broken White', 'Kaos Polkadot Boxy Broken White']) {
    await wishlist.removeFromPage(name).click()
  }
  await expect(wishlist.emptyTitle()).toBeVisible()
  await page.screenshot({ path: `${dir}/wishlist-empty-${w}.png`, fullPage: true })
})
