import axe from 'axe-core';
import type { Frame, Page } from '@playwright/test';

export type Finding = { page: string; id: string; impact: string; targets: string[] };

/** The rules whose outcome depends on colours: all that a second theme of an already scanned screen can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** How long a frame inside the page may take to take axe in (one still loading may not answer at once). */
const INJECT_TIMEOUT_MS = 1_000;

/**
 * Puts axe-core into each frame that does not have it yet. A screen reached without reloading (the app's own
 * navigation) keeps the axe of its document, so axe is parsed once per document, not once per scan: the 500 KB
 * script took 0.2 s to inject on a quiet machine, and @axe-core/playwright's builder injected it twice per scan
 * (0.8–1.2 s a scan against 0.1–0.25 s for the run itself, 5 Dec 2026).
 */
async function injectAxe(page: Page): Promise<void> {
  const inject = async (frame: Frame) => {
    if (await frame.evaluate(() => 'axe' in window)) return;
    // Frames are reached through the top one's messages: the app has no cross-origin frames.
    await frame.evaluate(`${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] })`);
  };
  /** A frame inside the page, unless it is sandboxed (left out of the scan, below) or does not answer in time. */
  const injectChild = async (frame: Frame) => {
    if ((await (await frame.frameElement()).getAttribute('sandbox')) !== null) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, INJECT_TIMEOUT_MS)));
    await Promise.race([inject(frame), timeout]).finally(() => clearTimeout(timer));
  };
  await Promise.all([
    inject(page.mainFrame()),
    ...page
      .frames()
      .filter((frame) => frame !== page.mainFrame())
      .map((frame) => injectChild(frame).catch(() => undefined)),
  ]);
}

/**
 * axe-core's serious and critical findings on the page once its animations are over (WCAG 2.x A/AA and best
 * practices): a dialog fading in has, for a moment, colours it never shows at rest.
 * Sandboxed frames (a mail's own HTML in the outbox) are content, not the app, and cannot be entered.
 * axe runs in the page itself (axe.run, what @axe-core/playwright calls legacy mode): running it in each frame
 * and finishing in a blank page took 8–13 s a scan on a busy two-core machine, this 2.4–3.3 s (2 Dec 2026).
 */
export async function seriousViolations(page: Page, label: string, rules?: string[]): Promise<Finding[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await injectAxe(page);
  const violations = await page.evaluate(async (only) => {
    const results = await window.axe.run(
      { exclude: [['iframe[sandbox]']] },
      {
        // Only the violations are needed: axe then keeps no list of passing nodes, which makes each scan faster.
        resultTypes: ['violations'],
        ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
      },
    );
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, rules);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ page: label, ...violation }));
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
