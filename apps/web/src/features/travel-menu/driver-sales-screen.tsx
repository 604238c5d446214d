import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import SearchIcon from '@mui/icons-material/Search';
import { useParams } from 'react-router-dom';
import { formatDateTime } from '@tourdesk/contracts/format';
import type { CoachPassenger, CoachSales, Consumption } from '@tourdesk/contracts/travel-menu.schema';
import { api } from '../../lib/api-client.ts';
import { useT } from '../../lib/mobile.tsx';
import { euro } from './money.ts';

const fold = (text: string) =>
  text
    .toLocaleLowerCase('de')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ß/g, 'ss');

/** Passengers whose name or seat holds every word typed. */
export function matchPassengers(passengers: readonly CoachPassenger[], search: string): CoachPassenger[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...passengers];
  return passengers.filter((passenger) => {
    const text = fold(`${passenger.name} ${passenger.seat ?? ''}`);
    return words.every((word) => text.includes(word));
  });
}

const errorKey = (error: unknown) => (error instanceof Error ? error.message : 'error.unexpected');

/**
 * /driver/sales/{transportId}: the driver sells from the on-board menu. Pick a passenger of this coach (search by
 * name or seat), tap items with quantities, book; the coach's latest lines below, each with undo for a while.
 */
function DriverSalesScreen() {
  const t = useT();
  const { transportId } = useParams();
  const client = useQueryClient();
  const key = ['coach-sales', transportId];
  const sales = useQuery({
    queryKey: key,
    queryFn: () => api<CoachSales>(`/travel-menu/transports/${transportId}/sales`),
  });
  const [search, setSearch] = useState('');
  const [passenger, setPassenger] = useState<CoachPassenger | null>(null);
  const [cart, setCart] = useState<Record<number, number>>({});
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const book = useMutation({
    mutationFn: (body: { participantId: number; items: Array<{ itemId: number; quantity: number }> }) =>
      api<Consumption[]>('/travel-menu/consumptions', {
        method: 'POST',
        body: { transportId: Number(transportId), ...body },
      }),
    onSuccess: (lines) => {
      setNotice({
        severity: 'success',
        text: t('driverSales.booked', {
          count: lines.reduce((sum, line) => sum + line.quantity, 0),
          name: lines[0]?.participantName ?? '',
        }),
      });
      setCart({});
      setPassenger(null);
      setSearch('');
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => setNotice({ severity: 'error', text: t(errorKey(error)) }),
  });
  const undo = useMutation({
    mutationFn: (id: number) => api<Consumption>(`/travel-menu/consumptions/${id}`, { method: 'DELETE' }),
    onSuccess: (line) => {
      setNotice({ severity: 'success', text: t('driverSales.undone', { name: line.name }) });
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => setNotice({ severity: 'error', text: t(errorKey(error)) }),
  });

  const matches = useMemo(() => matchPassengers(sales.data?.passengers ?? [], search), [sales.data, search]);
  if (sales.isPending) return <CircularProgress aria-label={t('travelMenu.loading')} />;
  if (sales.isError)
    return (
      <>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('driverSales.title')}
        </Typography>
        <Alert severity="error">{t(errorKey(sales.error))}</Alert>
      </>
    );
  const data = sales.data;
  const lines = Object.entries(cart).filter(([, quantity]) => quantity > 0);
  const total = lines.reduce(
    (sum, [itemId, quantity]) => sum + (data.menu.find((item) => item.id === Number(itemId))?.price ?? 0) * quantity,
    0,
  );
  const change = (itemId: number, delta: number) =>
    setCart((current) => ({ ...current, [itemId]: Math.max(0, Math.min(50, (current[itemId] ?? 0) + delta)) }));
  // Lines booked within the undo window, as of the last load (the server decides in the end).
  const undoUntil = sales.dataUpdatedAt - data.undoMinutes * 60_000;

  return (
    <Box>
      <Typography component="h1" variant="h5">
        {t('driverSales.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {`${data.coach} · ${data.journeyTitle}`}
      </Typography>
      {notice ? (
        <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ mb: 2 }} role="status">
          {notice.text}
        </Alert>
      ) : null}

      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('driverSales.passenger')}
      </Typography>
      {passenger ? (
        <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Typography sx={{ fontWeight: 500 }}>{passenger.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[passenger.seat ? t('driverSales.seat', { seat: passenger.seat }) : null, passenger.stop]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
          <Button onClick={() => setPassenger(null)}>{t('driverSales.changePassenger')}</Button>
        </Paper>
      ) : (
        <>
          <TextField
            fullWidth
            label={t('driverSales.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ mb: 1 }}
          />
          <Paper variant="outlined" sx={{ mb: 2, maxHeight: 320, overflow: 'auto' }}>
            <List disablePadding aria-label={t('driverSales.passengers')}>
              {matches.map((candidate) => (
                <ListItem key={candidate.participantId} disablePadding divider>
                  <ListItemButton onClick={() => setPassenger(candidate)}>
                    <ListItemText
                      primary={candidate.name}
                      secondary={[
                        candidate.seat ? t('driverSales.seat', { seat: candidate.seat }) : null,
                        candidate.stop,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
              {matches.length === 0 ? (
                <ListItem>
                  <ListItemText primary={t('driverSales.noPassenger', { search })} />
                </ListItem>
              ) : null}
            </List>
          </Paper>
        </>
      )}

      {passenger ? (
        <>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('driverSales.items')}
          </Typography>
          {data.menu.length === 0 ? <Alert severity="info">{t('travelMenu.empty')}</Alert> : null}
          <Paper variant="outlined" sx={{ mb: 2 }}>
            <List disablePadding>
              {data.menu.map((item) => {
                const quantity = cart[item.id] ?? 0;
                return (
                  <ListItem key={item.id} divider>
                    <ListItemText primary={item.name} secondary={euro(item.price)} />
                    <IconButton
                      aria-label={t('driverSales.less', { name: item.name })}
                      onClick={() => change(item.id, -1)}
                      disabled={quantity === 0}
                      size="large"
                    >
                      <RemoveIcon />
                    </IconButton>
                    <Typography
                      aria-live="polite"
                      aria-label={t('driverSales.quantity', { name: item.name, quantity })}
                      sx={{ minWidth: 24, textAlign: 'center', fontWeight: 500 }}
                    >
                      {quantity}
                    </Typography>
                    <IconButton
                      aria-label={t('driverSales.more', { name: item.name })}
                      onClick={() => change(item.id, 1)}
                      size="large"
                    >
                      <AddIcon />
                    </IconButton>
                  </ListItem>
                );
              })}
            </List>
          </Paper>
          <Button
            variant="contained"
            size="large"
            fullWidth
            disabled={lines.length === 0 || book.isPending}
            onClick={() =>
              book.mutate({
                participantId: passenger.participantId,
                items: lines.map(([itemId, quantity]) => ({ itemId: Number(itemId), quantity })),
              })
            }
            sx={{ mb: 3 }}
          >
            {t('driverSales.book', { total: euro(total) })}
          </Button>
        </>
      ) : null}

      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('driverSales.recent')}
      </Typography>
      {data.recent.length === 0 ? (
        <Typography color="text.secondary">{t('driverSales.noneYet')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('driverSales.recent')}>
            {data.recent.map((line) => {
              const cancelled = line.cancelledAt !== null;
              const undoable = !cancelled && Date.parse(line.createdAt) > undoUntil;
              return (
                <ListItem key={line.id} divider sx={cancelled ? { opacity: 0.7 } : undefined}>
                  <ListItemText
                    primary={`${line.quantity} × ${line.name} · ${euro(line.total)}`}
                    secondary={`${line.participantName} · ${formatDateTime(line.createdAt)}${
                      cancelled ? ` · ${t('driverSales.cancelled')}` : ''
                    }`}
                    slotProps={{ primary: { sx: cancelled ? { textDecoration: 'line-through' } : undefined } }}
                  />
                  {undoable ? (
                    <Button onClick={() => undo.mutate(line.id)} disabled={undo.isPending}>
                      {t('driverSales.undo')}
                    </Button>
                  ) : null}
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
    </Box>
  );
}

export const DriverSalesPage = DriverSalesScreen;
