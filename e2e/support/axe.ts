import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export type Finding = { page: string; id: string; impact: string; targets: string[] };

/**
 * axe-core's serious and critical findings on the page as it is now (WCAG 2.x A/AA and best practices).
 * Sandboxed frames (a mail's own HTML in the outbox) are content, not the app, and cannot be entered.
 */
export async function seriousViolations(page: Page, label: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).exclude('iframe[sandbox]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      page: label,
      id: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
