import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { formatDate } from '@tourdesk/contracts/format';
import type { Journey } from '@tourdesk/contracts/journeys.schema';
import {
  TRAVEL_MENU_CATEGORIES,
  TRAVEL_MENU_VAT_RATES,
  type ConsumptionSummary,
  type TravelMenuCategory,
  type TravelMenuItem,
} from '@tourdesk/contracts/travel-menu.schema';
import { api, HttpError } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { euro, parsePrice } from './money.ts';

type Draft = {
  id: number | null;
  name: string;
  description: string;
  category: TravelMenuCategory;
  price: string;
  vatRate: number;
  available: boolean;
};

const EMPTY: Draft = {
  id: null,
  name: '',
  description: '',
  category: 'drinks',
  price: '',
  vatRate: 19,
  available: true,
};

const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof HttpError ? ((error.body as { errors?: Record<string, string> })?.errors ?? {}) : {};

/**
 * /internet/journeys/{id}/travel-menu: the journey's on-board menu (name, description, category, gross price,
 * VAT 7 %/19 %, on sale or not, order), and what was sold on one of its departures.
 */
export function TravelMenuStaffPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const { id } = useParams();
  const journeyId = Number(id);
  const canEdit = useHasAnyPermission(['internet-update']);
  const canSeeSales = useHasAnyPermission(['vorgang-read']);
  const itemsKey = ['travel-menu-items', journeyId];
  const journey = useQuery({
    queryKey: ['journey', journeyId],
    queryFn: () => api<Journey>(`/journey-lit/${journeyId}`),
  });
  const items = useQuery({
    queryKey: itemsKey,
    queryFn: () => api<TravelMenuItem[]>(`/travel-menu/items?journeyId=${journeyId}`),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (value: Draft) => {
      const price = parsePrice(value.price);
      const body = {
        name: value.name,
        description: value.description,
        category: value.category,
        price: price ?? -1,
        vatRate: value.vatRate,
        available: value.available,
      };
      return value.id === null
        ? api<TravelMenuItem>('/travel-menu/items', { method: 'POST', body: { ...body, journeyId } })
        : api<TravelMenuItem>(`/travel-menu/items/${value.id}`, { method: 'PATCH', body });
    },
    onSuccess: (item) => {
      notify('travelMenu.staff.saved', { type: 'success', messageArgs: { name: item.name } });
      setDraft(null);
      void client.invalidateQueries({ queryKey: itemsKey });
    },
    onError: (error) => {
      setErrors(fieldErrors(error));
      notify(error instanceof Error ? error.message : 'error.unexpected', { type: 'error' });
    },
  });
  const remove = useMutation({
    mutationFn: (item: TravelMenuItem) => api<TravelMenuItem>(`/travel-menu/items/${item.id}`, { method: 'DELETE' }),
    onSuccess: (item) => {
      notify('travelMenu.staff.deleted', { type: 'info', messageArgs: { name: item.name } });
      void client.invalidateQueries({ queryKey: itemsKey });
    },
  });
  const move = useMutation({
    mutationFn: (change: { id: number; position: number }) =>
      api(`/travel-menu/items/${change.id}`, { method: 'PATCH', body: { position: change.position } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: itemsKey }),
  });

  const open = (value: Draft) => {
    setErrors({});
    setDraft(value);
  };
  const list = items.data ?? [];
  const help = (field: string) => (errors[field] ? translate(errors[field]) : undefined);

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('travelMenu.staff.title', { journey: journey.data?.title ?? '' })} />
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button component={Link} to={`/internet/journeys/${journeyId}`} startIcon={<ArrowBackIcon />}>
          {translate('travelMenu.staff.back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {canEdit ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(EMPTY)}>
            {translate('travelMenu.staff.add')}
          </Button>
        ) : null}
      </Stack>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('travelMenu.staff.items')}
      </Typography>
      {items.isSuccess && list.length === 0 ? (
        <Alert severity="info">{translate('travelMenu.staff.empty')}</Alert>
      ) : null}
      {list.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={translate('travelMenu.staff.items')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('travelMenu.fields.name')}</TableCell>
                <TableCell>{translate('travelMenu.fields.category')}</TableCell>
                <TableCell align="right">{translate('travelMenu.fields.price')}</TableCell>
                <TableCell align="right">{translate('travelMenu.fields.vatRate')}</TableCell>
                <TableCell>{translate('travelMenu.fields.available')}</TableCell>
                {canEdit ? <TableCell>{translate('travelMenu.staff.actions')}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((item, index) => (
                <TableRow key={item.id}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {item.name}
                    </Typography>
                    {item.description ? (
                      <Typography variant="body2" color="text.secondary">
                        {item.description}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{translate(`travelMenu.categories.${item.category}`)}</TableCell>
                  <TableCell align="right">{euro(item.price)}</TableCell>
                  <TableCell align="right">{`${item.vatRate} %`}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={item.available ? 'success' : 'default'}
                      label={translate(item.available ? 'travelMenu.staff.onSale' : 'travelMenu.staff.notOnSale')}
                    />
                  </TableCell>
                  {canEdit ? (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton
                        disabled={index === 0 || move.isPending}
                        onClick={() => {
                          const above = list[index - 1]!;
                          move.mutate({ id: item.id, position: Math.max(0, above.position - 1) });
                        }}
                        aria-label={translate('travelMenu.staff.up', { name: item.name })}
                      >
                        <ArrowUpwardIcon />
                      </IconButton>
                      <IconButton
                        aria-label={translate('travelMenu.staff.edit', { name: item.name })}
                        onClick={() =>
                          open({
                            id: item.id,
                            name: item.name,
                            description: item.description ?? '',
                            category: item.category,
                            price: String(item.price).replace('.', ','),
                            vatRate: item.vatRate,
                            available: item.available,
                          })
                        }
                      >
                        <EditIcon />
                      </IconButton>
                      <IconButton
                        aria-label={translate('travelMenu.staff.delete', { name: item.name })}
                        onClick={() => {
                          if (window.confirm(translate('travelMenu.staff.confirmDelete', { name: item.name })))
                            remove.mutate(item);
                        }}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}

      {canSeeSales && journey.data ? <SalesSummary dates={journey.data.dates} /> : null}

      <Dialog open={draft !== null} onClose={() => setDraft(null)} fullWidth maxWidth="sm">
        {draft ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (parsePrice(draft.price) === null) {
                setErrors({ price: 'error.float' });
                return;
              }
              save.mutate(draft);
            }}
          >
            <DialogTitle>
              {translate(draft.id === null ? 'travelMenu.staff.add' : 'travelMenu.staff.editTitle')}
            </DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ mt: 1 }}>
                <TextField
                  label={translate('travelMenu.fields.name')}
                  value={draft.name}
                  onChange={(event) => setDraft({ ...draft, name: event.target.value })}
                  error={Boolean(errors.name)}
                  helperText={help('name')}
                  required
                  autoFocus
                />
                <TextField
                  label={translate('travelMenu.fields.description')}
                  value={draft.description}
                  onChange={(event) => setDraft({ ...draft, description: event.target.value })}
                  multiline
                  minRows={2}
                />
                <TextField
                  select
                  label={translate('travelMenu.fields.category')}
                  value={draft.category}
                  onChange={(event) => setDraft({ ...draft, category: event.target.value as TravelMenuCategory })}
                >
                  {TRAVEL_MENU_CATEGORIES.map((category) => (
                    <MenuItem key={category} value={category}>
                      {translate(`travelMenu.categories.${category}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <Stack direction="row" spacing={2}>
                  <TextField
                    label={translate('travelMenu.fields.price')}
                    value={draft.price}
                    onChange={(event) => setDraft({ ...draft, price: event.target.value })}
                    error={Boolean(errors.price)}
                    helperText={help('price')}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    required
                    sx={{ flex: 1 }}
                  />
                  <TextField
                    select
                    label={translate('travelMenu.fields.vatRate')}
                    value={draft.vatRate}
                    onChange={(event) => setDraft({ ...draft, vatRate: Number(event.target.value) })}
                    sx={{ width: 140 }}
                  >
                    {TRAVEL_MENU_VAT_RATES.map((rate) => (
                      <MenuItem key={rate} value={rate}>{`${rate} %`}</MenuItem>
                    ))}
                  </TextField>
                </Stack>
                <FormControlLabel
                  control={
                    <Switch
                      checked={draft.available}
                      onChange={(event) => setDraft({ ...draft, available: event.target.checked })}
                    />
                  }
                  label={translate('travelMenu.fields.available')}
                />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDraft(null)}>{translate('ra.action.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {translate('ra.action.save')}
              </Button>
            </DialogActions>
          </form>
        ) : null}
      </Dialog>
    </Box>
  );
}

/** What was sold on one departure of the journey: per item, quantity and takings, with the VAT. */
function SalesSummary({ dates }: { dates: Journey['dates'] }) {
  const translate = useTranslate();
  const [nr, setNr] = useState<number | ''>(dates[0]?.nr ?? '');
  const summary = useQuery({
    queryKey: ['travel-menu-summary', nr],
    queryFn: () => api<ConsumptionSummary>(`/travel-menu/departures/${nr}/summary`),
    enabled: nr !== '',
  });
  if (dates.length === 0) return null;
  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('travelMenu.staff.sales')}
      </Typography>
      <TextField
        select
        size="small"
        label={translate('travelMenu.staff.departure')}
        value={nr}
        onChange={(event) => setNr(Number(event.target.value))}
        sx={{ minWidth: 260, mb: 2 }}
      >
        {dates.map((date) => (
          <MenuItem key={date.nr} value={date.nr}>
            {`${formatDate(date.date_from)} – ${formatDate(date.date_till)} (${date.termincode})`}
          </MenuItem>
        ))}
      </TextField>
      {summary.data && summary.data.rows.length === 0 ? (
        <Typography color="text.secondary">{translate('travelMenu.staff.noSales')}</Typography>
      ) : null}
      {summary.data && summary.data.rows.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={translate('travelMenu.staff.sales')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('travelMenu.fields.name')}</TableCell>
                <TableCell align="right">{translate('travelMenu.fields.price')}</TableCell>
                <TableCell align="right">{translate('travelMenu.fields.vatRate')}</TableCell>
                <TableCell align="right">{translate('travelMenu.staff.quantity')}</TableCell>
                <TableCell align="right">{translate('travelMenu.staff.takings')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {summary.data.rows.map((row) => (
                <TableRow key={`${row.name}-${row.unitPrice}-${row.vatRate}`}>
                  <TableCell>{row.name}</TableCell>
                  <TableCell align="right">{euro(row.unitPrice)}</TableCell>
                  <TableCell align="right">{`${row.vatRate} %`}</TableCell>
                  <TableCell align="right">{row.quantity}</TableCell>
                  <TableCell align="right">{euro(row.total)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell colSpan={4} sx={{ fontWeight: 500 }}>
                  {translate('travelMenu.staff.total')}
                  {summary.data.vat.map(
                    (line) =>
                      ` · ${translate('travelMenu.staff.vatIncluded', { rate: line.rate, vat: euro(line.vat) })}`,
                  )}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 500 }}>
                  {euro(summary.data.total)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Box>
  );
}
