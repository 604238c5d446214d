import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export type Finding = { page: string; id: string; impact: string; targets: string[] };

/** The rules whose outcome depends on colours: all that a second theme of an already scanned screen can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core's serious and critical findings on the page once its animations are over (WCAG 2.x A/AA and best
 * practices): a dialog fading in has, for a moment, colours it never shows at rest.
 * Sandboxed frames (a mail's own HTML in the outbox) are content, not the app, and cannot be entered.
 */
export async function seriousViolations(page: Page, label: string, rules?: string[]): Promise<Finding[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  // Only the violations are needed: axe then keeps no list of passing nodes, which makes each scan faster.
  // Legacy mode runs axe.run in the page itself. The default (runPartial in each frame, then finishRun in a new
  // blank page that gets axe injected a second time) took 8–13 s a scan on a busy two-core machine, legacy mode
  // 2.4–3.3 s (2 Dec 2026); the app has no cross-origin frames, the only thing legacy mode leaves out.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .exclude('iframe[sandbox]')
    .options({ resultTypes: ['violations'] });
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      page: label,
      id: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
