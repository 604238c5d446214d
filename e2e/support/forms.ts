import { expect, type Page } from '@playwright/test';

/**
 * Picks `option` in the MUI select labelled `label` and waits until the field shows it. Under load a click can
 * reach the option while the menu is still opening and be lost, leaving the menu (and its backdrop over the page)
 * open; the pick is then tried again.
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const field = page.getByRole('combobox', { name: label });
  const listbox = page.getByRole('listbox');
  await expect(async () => {
    if (!(await listbox.isVisible())) await field.click();
    await listbox.getByRole('option', { name: option, exact: true }).click({ timeout: 2_000 });
    await expect(listbox).toBeHidden({ timeout: 2_000 });
    await expect(field).toHaveText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
