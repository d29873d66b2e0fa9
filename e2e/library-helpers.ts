import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { openBytes } from '../src/io/open';
import { status } from './helpers';

/** The library list (opens the Sessions drawer first). */
export async function libraryList(page: Page) {
  const list = page.getByRole('list', { name: 'Library' });
  const toggle = page.getByRole('button', { name: /^Library \(\d+\)$/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(list).toBeVisible();
  await expect(list).toHaveAttribute('aria-busy', 'false');
  return list;
}

export const libraryItems = (page: Page) => page.getByRole('list', { name: 'Library' }).getByRole('listitem');

/** Picks a file with the toolbar's file input. */
export async function pick(page: Page, name: string, buffer: Buffer | Uint8Array, mimeType = 'application/octet-stream') {
  await page.getByLabel('Open file').setInputFiles({ name, mimeType, buffer: Buffer.from(buffer) });
}

/** The app is up with its default demo (so later loads are the test's own). */
export async function ready(page: Page, path = '/') {
  await page.goto(path);
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
}

/** What the core makes of a file (any kind), as the worker does. */
export async function coreOpen(bytes: Uint8Array, entry?: string) {
  return (await openBytes(bytes, { now: 0, entry })).result;
}

export const demoBytes = (name: string) => new Uint8Array(readFileSync(`public/demo/${name}`));
