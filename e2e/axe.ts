import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core on the page, run as `axe.run` in the page itself ("legacy mode"). The app has no
 * frames, so this finds what the default frame-by-frame run finds; the default run ends each
 * analysis in a blank page of its own (`axe.finishRun`), which costs seconds a call on a loaded
 * two-core machine (a colour-contrast pass of the Log: 8.2 s against 3.7 s).
 */
export const axeOn = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);
