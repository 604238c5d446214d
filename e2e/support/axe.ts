import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export type Finding = { page: string; id: string; impact: string; targets: string[] };

/**
 * axe-core's serious and critical findings on the page once its animations are over (WCAG 2.x A/AA and best
 * practices): a dialog fading in has, for a moment, colours it never shows at rest.
 * Sandboxed frames (a mail's own HTML in the outbox) are content, not the app, and cannot be entered.
 */
export async function seriousViolations(page: Page, label: string): Promise<Finding[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  // Only the violations are needed: axe then keeps no list of passing nodes, which makes each scan faster.
  const results = await new AxeBuilder({ page })
    .exclude('iframe[sandbox]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      page: label,
      id: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
