/**
 * What every browser test shares: Debian's Chromium with the flags this machine needs, a French
 * locale and Paris time, and one rule for a missing browser (a failure in CI, a skip with the
 * install command elsewhere).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import type { Context } from 'mocha';
import { CHROMIUM_ARGS } from '../../../tools/src/measure-shell.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SHOTS = path.join(import.meta.dirname, '../screenshots');

/** Call first in a `before` hook: a browser test without a browser proves nothing. */
export function requireChromium(ctx: Context): void {
  if (fs.existsSync(CHROMIUM)) {
    fs.mkdirSync(SHOTS, { recursive: true });
    return;
  }
  if (process.env.CI) throw new Error(`Chromium introuvable (${CHROMIUM}) en CI : apt-get install -y chromium`);
  console.log(`      Chromium introuvable (${CHROMIUM}) : apt-get install -y chromium`);
  ctx.skip();
}

/** A fresh browser profile under `parentDir`, French and in Paris time. */
export function launchBrowser(parentDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(fs.mkdtempSync(path.join(parentDir, 'chromium-')), {
    executablePath: CHROMIUM,
    headless: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1280, height: 800 },
    args: CHROMIUM_ARGS,
  });
}
