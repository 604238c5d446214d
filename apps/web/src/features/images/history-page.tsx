import { useState } from 'react';
import {
  Box,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { IMAGE_HISTORY_ACTIONS, type ImageHistoryEntry } from '@tourdesk/contracts/images.schema';
import { api } from '../../lib/api-client.ts';

type Page = { total: number; limit: number; skip: number; data: ImageHistoryEntry[] };
type User = { id: number; firstname?: string; lastname?: string; email?: string };

/**
 * /imagedb/history: who uploaded, used, licensed, trashed, restored or deleted which image, when — newest first,
 * paged, narrowed by action, user and days.
 */
export function HistoryPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [action, setAction] = useState('');
  const [user, setUser] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);

  const params = new URLSearchParams({ $limit: String(perPage), $skip: String(page * perPage) });
  if (action) params.set('action', action);
  if (user) params.set('user_id', user);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  const { data, isPending } = useQuery({
    queryKey: ['img-history', params.toString()],
    queryFn: () => api<Page>(`/img/history?${params.toString()}`),
    placeholderData: (previous) => previous,
  });
  // The staff, for the user filter (left out when the user list may not be read).
  const { data: users = [] } = useQuery({
    queryKey: ['img-history-users'],
    queryFn: async () =>
      (await api<{ data: User[] }>('/users-lit?$limit=500&$select=id,firstname,lastname,email&lit-sort=lastname')).data,
    retry: false,
  });
  const formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  /** `journey 12` → `Trip 12`: the kind of a detail in the user's language. */
  const detailText = (detail: string) => {
    const [kind = '', ...rest] = detail.split(' ');
    return [translate(`images.usage.kinds.${kind}`, { _: kind }), ...rest].join(' ');
  };
  const narrow = (apply: () => void) => {
    apply();
    setPage(0);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('images.history.title')} />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {translate('images.history.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={translate('images.history.action')}
          value={action}
          onChange={(event) => narrow(() => setAction(event.target.value))}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{translate('images.history.allActions')}</MenuItem>
          {IMAGE_HISTORY_ACTIONS.map((entry) => (
            <MenuItem key={entry} value={entry}>
              {translate(`images.actionNames.${entry}`)}
            </MenuItem>
          ))}
        </TextField>
        {users.length > 0 ? (
          <TextField
            select
            size="small"
            label={translate('images.history.user')}
            value={user}
            onChange={(event) => narrow(() => setUser(event.target.value))}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{translate('images.history.allUsers')}</MenuItem>
            {users.map((entry) => (
              <MenuItem key={entry.id} value={String(entry.id)}>
                {[entry.firstname, entry.lastname].filter(Boolean).join(' ') || entry.email}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <TextField
          type="date"
          size="small"
          label={translate('images.history.from')}
          value={from}
          onChange={(event) => narrow(() => setFrom(event.target.value))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={translate('images.history.to')}
          value={to}
          onChange={(event) => narrow(() => setTo(event.target.value))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {isPending ? <LinearProgress aria-label={translate('images.picker.loading')} /> : null}
      <TableContainer
        component={Paper}
        variant="outlined"
        tabIndex={0}
        role="region"
        aria-label={translate('images.history.title')}
      >
        <Table size="small" aria-label={translate('images.history.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('images.history.when')}</TableCell>
              <TableCell>{translate('images.history.image')}</TableCell>
              <TableCell>{translate('images.history.action')}</TableCell>
              <TableCell>{translate('images.history.user')}</TableCell>
              <TableCell>{translate('images.history.detail')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.data ?? []).map((row) => (
              <TableRow key={row.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatter.format(new Date(row.created_at))}</TableCell>
                <TableCell>{row.item_name}</TableCell>
                <TableCell>{translate(`images.actionNames.${row.action}`)}</TableCell>
                <TableCell>{row.user_name ?? '–'}</TableCell>
                <TableCell>{row.detail ? detailText(row.detail) : ''}</TableCell>
              </TableRow>
            ))}
            {data && data.data.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>{translate('images.history.empty')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={[25, 50, 100]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => narrow(() => setPerPage(Number(event.target.value)))}
        labelRowsPerPage={translate('images.history.perPage')}
      />
    </Box>
  );
}
