import type { StockStatus } from '@tourdesk/contracts';
import { api } from '../../lib/api-client.ts';
import { capabilitiesChanged } from '../../lib/capabilities.ts';

let status: StockStatus | null = null;
let asked = false;

/**
 * Whether the server's Adobe Stock adapter is on (ADOBE_STOCK_API_KEY configured). Asked once as the app starts
 * (so the answer is in long before the menu shows after a login); until it is, the stock screens are not offered.
 */
export function stockEnabled(): boolean {
  if (!asked) {
    asked = true;
    api<StockStatus>('/adobestock-status', { anonymous: true }).then(
      (answer) => {
        status = answer;
        capabilitiesChanged();
      },
      () => {
        asked = false;
      },
    );
  }
  return status?.enabled === true;
}

/** Whether licensing works too (the access token is configured). */
export const stockLicensing = (): boolean => status?.licensing === true;

// Ask as the app starts (the registry imports this module with the features).
if (typeof window !== 'undefined' && window.location.protocol.startsWith('http')) stockEnabled();
