import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import type { CustomerImportAnswer } from '@tourdesk/contracts/customer-import.schema';
import type { Customer } from '@tourdesk/contracts/customers.schema';
import { api } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings.ts';

/**
 * "Aus ratio importieren" / "Aus Kuschick importieren" on the customer card (spec §7, docs/adr/0031): when the
 * KUSCHICK setting is a non-zero number the card is fetched from Kuschick by its Kuschick number and address id,
 * otherwise from ratio by its RATIO number (force=1: the user asked for ratio's record, changed or not). Shown
 * to those who may create and change customers, on cards that carry the number.
 */
export function CustomerImportButton() {
  const record = useRecordContext<Customer>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data: settings } = useSettings();
  const mayCreate = useHasAnyPermission(['customers-create']);
  const mayUpdate = useHasAnyPermission(['customers-update']);
  const [busy, setBusy] = useState(false);
  const kuschick = Number(settings?.KUSCHICK ?? 0) > 0;
  const number = kuschick ? record?.kuschick_id : record?.ratio_id;
  if (!record || !number || !mayCreate || !mayUpdate) return null;
  const path = kuschick
    ? `/kuschick/import/kunden/${encodeURIComponent(number)}?idaddress=${encodeURIComponent(record.external_id ?? '')}`
    : `/ratio/import/kunden/${encodeURIComponent(number)}?force=1`;
  const run = async () => {
    setBusy(true);
    try {
      const answer = await api<CustomerImportAnswer>(path);
      if (answer.result) {
        notify(`customers.import.${answer.result}`, { type: 'success' });
        refresh();
      } else {
        notify('customers.import.failed', { type: 'error' });
      }
    } catch {
      notify('customers.import.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      label={kuschick ? 'customers.import.fromKuschick' : 'customers.import.fromRatio'}
      onClick={() => void run()}
      disabled={busy}
    >
      <CloudDownloadIcon />
    </Button>
  );
}
