import { expect, test } from '@playwright/test';
import { requestPayload } from '../src/core/request-payload';
import { stepRequests } from '../src/core/steps';
import { coreLoad, DEMO, status, waitLoaded } from './helpers';

test('Request: the header in force and the derived messages before the step\'s first chunk, with usage; Copy JSON equals the core', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const log = r.session!.log, t = r.timeline!, last = log.length - 1;
  const events = r.session!.events();
  // an assistant message after the first compaction, so the request holds a replacement
  const c = t.compactionSeqs[0];
  const msg = events.find((e) => e.type === 'assistant/message' && e.seq > c)!;
  const p = requestPayload(t, log, stepRequests(log), msg.seq);
  if ('none' in p) throw new Error(p.none);
  expect(p.messages).toEqual(t.messagesAt(p.at));
  expect(log.typeAt(p.at + 1)).toBe('assistant/chunk');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/?demo=demo.jsonl#session=demo:demo.jsonl&cursor=${msg.seq}&sel=${msg.seq}`);
  await waitLoaded(page, last);
  await expect(status(page)).toContainText(`selected ${msg.seq}`);
  await page.getByRole('complementary', { name: 'Inspector' }).getByRole('button', { name: 'Request' }).click();
  const dialog = page.getByRole('dialog', { name: `Request for seq ${msg.seq}` });
  await expect(dialog).toContainText(`the request as of seq ${p.at}`);
  await expect(dialog.getByLabel('Usage')).toContainText(JSON.stringify(msg.data.usage));
  await expect(dialog.getByRole('article', { name: 'Request header in force' })).toBeVisible();
  await expect(dialog).toContainText(`${p.messages.length} messages`);
  await expect(dialog.getByRole('feed', { name: 'Request messages' }).getByRole('article').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy JSON' }).click();
  await expect(dialog).toContainText('Copied');
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied).toEqual(JSON.parse(JSON.stringify({ header: p.header, messages: t.messagesAt(p.at) })));
  expect(copied.messages.some((m: { source: { kind: string } }) => m.source.kind === 'plugin')).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
