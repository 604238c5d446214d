import {
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { SettingHistory } from '@tourdesk/contracts';
import { formatDateTime, truncate } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { toEditableText } from './json-value-input.tsx';

const shown = (value: unknown) => (value === null || value === undefined ? '–' : truncate(toEditableText(value), 120));

/** The changes of the setting being edited (issue #18 item 8): who, when, old → new. */
export function SettingHistoryPanel() {
  const translate = useTranslate();
  const { id } = useParams();
  const { data } = useQuery({
    queryKey: ['sys_settings', id, 'history'],
    queryFn: () => api<SettingHistory>(`/sys_settings/${id}/history`),
    enabled: id !== undefined,
  });
  const title = translate('settings.history.title');
  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {data && data.data.length === 0 ? (
          <Typography variant="body2">{translate('settings.history.empty')}</Typography>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={title}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('settings.history.at')}</TableCell>
                  <TableCell>{translate('settings.history.who')}</TableCell>
                  <TableCell>{translate('settings.history.change')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(data?.data ?? []).map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell>{formatDateTime(entry.at)}</TableCell>
                    <TableCell>{entry.userEmail ?? '–'}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
                      {shown(entry.oldValue)} → {shown(entry.newValue)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
