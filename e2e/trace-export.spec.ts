import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { otlpJsonOfSession } from '../src/io/trace/session-trace';
import { coreLoad, DEMO, openExport, waitLoaded } from './helpers';

async function exportTrace(page: Page, format: 'OTLP JSON' | 'Perfetto') {
  await openExport(page);
  await page.getByRole('combobox', { name: 'Trace format' }).selectOption({ label: format });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export trace' }).click()]);
  return { name: download.suggestedFilename(), json: JSON.parse(readFileSync(await download.path(), 'utf8')) as Record<string, unknown> };
}

interface Span { traceId: string; spanId: string; parentSpanId?: string; name: string }
const spansOf = (doc: Record<string, unknown>) => (doc as { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] }).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));

test('Export trace downloads the open session as OTLP JSON, the same spans the CLI writes, and as a Perfetto trace', async ({ page }) => {
  const r = await coreLoad(DEMO);
  await page.goto('/#session=demo%3Ademo.jsonl');
  // a loaded machine can take a while to read the demo
  await expect(page.getByRole('slider', { name: 'Seq' })).toBeVisible({ timeout: 45_000 });
  await waitLoaded(page, r.session!.log.length - 1);

  const otlp = await exportTrace(page, 'OTLP JSON');
  expect(otlp.name).toBe(`${r.header!.id}.otlp.json`);
  const want = spansOf(JSON.parse(otlpJsonOfSession(r)));
  const got = spansOf(otlp.json);
  expect(got.length).toBeGreaterThan(3);
  const key = (xs: Span[]) => xs.map((s) => `${s.traceId}/${s.spanId}/${s.parentSpanId ?? ''}/${s.name}`).sort();
  expect(key(got)).toEqual(key(want));

  const perfetto = await exportTrace(page, 'Perfetto');
  expect(perfetto.name).toBe(`${r.header!.id}.perfetto.json`);
  const events = (perfetto.json as { traceEvents: { ph: string; name: string; args?: { name?: string } }[] }).traceEvents;
  expect(events.find((e) => e.ph === 'M' && e.name === 'process_name')?.args?.name).toContain(r.header!.id);
  expect(events.filter((e) => e.ph === 'X').length).toBeGreaterThan(3);
  await expect(page.getByText(`Exported ${r.header!.id}.perfetto.json.`)).toBeVisible();
});
