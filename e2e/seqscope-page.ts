/**
 * A Playwright page object for Seqscope, for testing replay demos (docs/tours.md: "Testing a replay demo
 * with Playwright"). Everything is found by role and name, as a person would find it.
 *
 *   const app = new SeqscopePage(page);
 *   await app.goto();                        // the built-in demo session
 *   await app.open('public/demo/demo.jsonl'); // any session file, through the file picker
 *   await app.scrubTo(1304);                 // the log truncated at seq 1304
 *   await app.view('Surface');               // a tab: Log, Surface, Transcript, Compare, Diff
 *   await app.expectStatus({ events: 1305, surface: 40, transcript: 120 });
 *   await app.playTour('e2e/tours/demo.tour.json'); // every step's seq and caption, in order
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

export type ViewName = 'Log' | 'Surface' | 'Transcript' | 'Compare' | 'Diff';

export interface StatusCounts {
  /** The cursor. */
  readonly seq?: number;
  readonly events?: number;
  readonly surface?: number;
  readonly transcript?: number;
}

export interface PlayedStep {
  readonly seq: number;
  readonly caption: string;
}

export class SeqscopePage {
  constructor(readonly page: Page) {}

  /** The app's status region (it carries the counts at the cursor as data attributes). */
  get status(): Locator { return this.page.locator('[role=status][data-phase]'); }
  get slider(): Locator { return this.page.getByRole('slider', { name: 'Seq' }); }
  get tour(): Locator { return this.page.getByRole('region', { name: 'Tour' }); }

  /** Opens the app (the demo session unless `path` says otherwise) and waits for a loaded session. */
  async goto(path = '/'): Promise<void> {
    await this.page.goto(path);
    await expect(this.status).toHaveAttribute('data-cursor', /\d+/);
  }

  /** Opens a session file through "Open file" and waits until it is loaded. */
  async open(file: string): Promise<void> {
    if (!(await this.slider.isVisible())) await this.goto();
    const name = basename(file);
    await this.page.getByLabel('Open file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: readFileSync(file) });
    await expect(this.page.getByText(name, { exact: false }).first()).toBeVisible();
    await expect(this.status).toHaveAttribute('data-phase', 'ready');
    await expect(this.status).toHaveAttribute('data-cursor', /\d+/);
  }

  /** The last seq of the open session. */
  async lastSeq(): Promise<number> {
    return Number(await this.slider.getAttribute('aria-valuemax'));
  }

  /** Moves the cursor to `seq` as a person would: a click on the track, then arrow keys for the last steps. */
  async scrubTo(seq: number): Promise<void> {
    const last = await this.lastSeq();
    if (seq < 0 || seq > last) throw new RangeError(`seq ${seq} is outside 0–${last}`);
    const box = (await this.slider.boundingBox())!;
    await this.page.mouse.click(box.x + (last > 0 ? (seq / last) * box.width : 0), box.y + box.height / 2);
    for (let i = 0; i < 10_000; i++) {
      const now = Number(await this.slider.getAttribute('aria-valuenow'));
      if (now === seq) break;
      await this.slider.press(now < seq ? 'ArrowRight' : 'ArrowLeft');
    }
    await expect(this.slider).toHaveAttribute('aria-valuenow', String(seq));
    await expect(this.status).toHaveAttribute('data-cursor', String(seq));
  }

  /** Switches to a view's tab. */
  async view(name: ViewName): Promise<void> {
    const tab = this.page.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  /** Checks the status region's counts at the cursor (only the ones given). */
  async expectStatus(counts: StatusCounts): Promise<void> {
    if (counts.seq !== undefined) await expect(this.status).toHaveAttribute('data-cursor', String(counts.seq));
    if (counts.events !== undefined) await expect(this.status).toHaveAttribute('data-events', String(counts.events));
    if (counts.surface !== undefined) await expect(this.status).toHaveAttribute('data-surface', String(counts.surface));
    if (counts.transcript !== undefined) await expect(this.status).toHaveAttribute('data-transcript', String(counts.transcript));
  }

  /** Opens the tour editor (the toolbar's Tour button). */
  async openTourEditor(): Promise<Locator> {
    const editor = this.page.getByRole('complementary', { name: 'Tour editor' });
    if (!(await editor.isVisible())) await this.page.getByRole('button', { name: 'Tour', exact: true }).click();
    await expect(editor).toBeVisible();
    return editor;
  }

  /** Imports a `.tour.json` file through the tour editor. */
  async importTour(file: string): Promise<void> {
    const editor = await this.openTourEditor();
    await editor.getByLabel('Import tour file').setInputFiles({ name: basename(file), mimeType: 'application/json', buffer: readFileSync(file) });
    await expect(this.tour).toBeVisible();
    await editor.getByRole('button', { name: 'Close tour editor' }).click();
  }

  /**
   * Imports a tour and steps through it with the player's Next step button, checking at each step
   * that the cursor reached the step's seq and the caption region shows its caption. Returns the steps.
   */
  async playTour(file: string): Promise<PlayedStep[]> {
    const steps = (JSON.parse(readFileSync(file, 'utf8')) as { steps: PlayedStep[] }).steps;
    await this.importTour(file);
    const played: PlayedStep[] = [];
    for (let i = 0; i < steps.length; i++) {
      // from the start, Next step shows step 1; stepping never races the player's timer
      await this.tour.getByRole('button', { name: 'Next step' }).click();
      await expect(this.tour).toHaveAttribute('data-step', String(i));
      await expect(this.status).toHaveAttribute('data-cursor', String(steps[i].seq));
      if (steps[i].caption) await expect(this.tour).toContainText(steps[i].caption);
      played.push({ seq: Number(await this.status.getAttribute('data-cursor')), caption: steps[i].caption });
    }
    return played;
  }
}
