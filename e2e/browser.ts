import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

export const SCREENSHOTS = resolve(import.meta.dirname, 'screenshots');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // From the top (scrolled, the sticky header would be pictured mid-page), transitions finished.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: resolve(SCREENSHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** A form field by its exact label: a Mantine select is a textbox or a combobox, by version. */
export const field = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true }).or(page.getByRole('combobox', { name: label, exact: true })).first();

/**
 * Picks `option` in a Mantine select until the select shows it: a late render of a lazy route on a
 * loaded machine can detach the open dropdown, or drop the choice just made.
 */
export async function choose(page: Page, select: Locator, option: string) {
  await expect
    .poll(
      async () => {
        if ((await select.inputValue()) !== option) {
          await select.click({ timeout: 5_000 }).catch(() => undefined);
          await page.getByRole('option', { name: option, exact: true }).click({ timeout: 5_000 }).catch(() => undefined);
        }
        return select.inputValue();
      },
      { timeout: 30_000 },
    )
    .toBe(option);
}

/**
 * Closes every notification (queued ones show up as others close), so screenshots show the page,
 * not the last action's toast.
 */
export async function dismissToasts(page: Page) {
  await expect
    .poll(
      async () => {
        for (const close of await page.locator('.mantine-Notification-closeButton').all()) await close.click({ timeout: 1_000 }).catch(() => undefined);
        return page.locator('.mantine-Notification-root').count();
      },
      { timeout: 15_000 },
    )
    .toBe(0);
}

/** Both widths of a screen: 1366 px, then 1024 px (the mobile layout's edge, no horizontal scroll on the page itself: tables scroll inside their cards), back to 1366. */
export async function pictures(page: Page, name: string) {
  await dismissToasts(page);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 1024, height: 860 });
  await page.waitForTimeout(400);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1366, height: 860 });
}
