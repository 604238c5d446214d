import { useState, type FormEvent, type ReactNode } from 'react';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Title, useNotify, useTranslate } from 'react-admin';
import {
  STOCK_ORIENTATIONS,
  STOCK_PAGE_SIZE,
  STOCK_PEOPLE,
  STOCK_TYPES,
  type StockImage,
  type StockLicenceResponse,
  type StockPage,
  type StockQuota,
  type StockStatus,
} from '@tourdesk/contracts';
import { formatDate } from '@tourdesk/contracts/format';
import { hasAnyPermission } from '@tourdesk/contracts/permissions';
import { api } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../layout/app-menu.tsx';

/** Colours offered by the colour filter (Adobe filters by hex colour). */
const COLOURS = {
  red: 'd32f2f',
  blue: '1976d2',
  green: '388e3c',
  yellow: 'fbc02d',
  purple: '7b1fa2',
  orange: 'f57c00',
};
const ZOOMS = { small: '160', medium: '240', large: '500' } as const;

type Filters = {
  search: string;
  type: (typeof STOCK_TYPES)[number];
  orientation: (typeof STOCK_ORIENTATIONS)[number];
  people: (typeof STOCK_PEOPLE)[number];
  color: keyof typeof COLOURS | 'all';
  zoom: keyof typeof ZOOMS;
};

const DEFAULT_FILTERS: Filters = {
  search: '',
  type: 'photo',
  orientation: 'all',
  people: 'all',
  color: 'all',
  zoom: 'medium',
};

const LICENCE_COLOURS = { none: 'default', processing: 'info', standard: 'success', error: 'error' } as const;

function useStockStatus() {
  return useQuery({
    queryKey: ['adobestock-status'],
    queryFn: () => api<StockStatus>('/adobestock-status', { anonymous: true }),
    staleTime: 5 * 60 * 1000,
  });
}

function useQuota(enabled: boolean) {
  return useQuery({
    queryKey: ['adobestock-quota'],
    queryFn: () => api<StockQuota>('/adobestock-quota'),
    enabled,
  });
}

function QuotaChip({ quota }: { quota: StockQuota | undefined }) {
  const translate = useTranslate();
  if (!quota || quota.quota === null) return null;
  return (
    <Chip
      data-testid="stock-quota"
      color={quota.quota > 0 ? 'primary' : 'warning'}
      variant="outlined"
      label={translate('stockImages.quota', { smart_count: quota.quota })}
    />
  );
}

/** The off switch's screen: said plainly, not an empty grid. */
function NotConfigured() {
  const translate = useTranslate();
  return <Alert severity="info">{translate('error.stockNotConfigured')}</Alert>;
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const translate = useTranslate();
  const pages = Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
      <Typography variant="body2" data-testid="stock-pages">
        {translate('stockImages.page', { page, pages, smart_count: total })}
      </Typography>
      <IconButton aria-label={translate('stockImages.previous')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon />
      </IconButton>
      <IconButton aria-label={translate('stockImages.next')} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}

function ImageGrid({ size, children }: { size: number; children: ReactNode }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${size}px), 1fr))`,
      }}
    >
      {children}
    </Box>
  );
}

function Thumbnail({ image, height, onClick }: { image: StockImage; height: number; onClick?: () => void }) {
  return (
    <Box
      sx={{ height, bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      onClick={onClick}
    >
      {image.database.thumbnail ? (
        <Box
          component="img"
          src={image.database.thumbnail}
          alt={image.title}
          loading="lazy"
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
        />
      ) : null}
    </Box>
  );
}

function LicenceChip({ state }: { state: StockImage['licence_state'] }) {
  const translate = useTranslate();
  if (state === 'none') return null;
  return <Chip size="small" color={LICENCE_COLOURS[state]} label={translate(`stockImages.licence.${state}`)} />;
}

function StockCard({
  image,
  size,
  selected,
  processing,
  selectable,
  onToggle,
}: {
  image: StockImage;
  size: number;
  selected: boolean;
  processing: boolean;
  selectable: boolean;
  onToggle: () => void;
}) {
  const translate = useTranslate();
  const state = processing ? 'processing' : image.licence_state;
  const canSelect = selectable && state !== 'standard' && state !== 'processing';
  return (
    <Card
      component="li"
      variant="outlined"
      data-testid="stock-card"
      data-stock-id={image.id}
      sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
    >
      <Thumbnail image={image} height={Math.round(size * 0.75)} onClick={canSelect ? onToggle : undefined} />
      <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
        <Typography variant="body2" noWrap title={image.title}>
          {image.title}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
          <Chip
            size="small"
            variant="outlined"
            label={translate(`stockImages.type.${image.stocktype}`, { _: image.stocktype })}
          />
          <LicenceChip state={state} />
          {canSelect ? (
            <FormControlLabel
              sx={{ ml: 'auto', mr: 0 }}
              control={
                <Checkbox
                  size="small"
                  checked={selected}
                  onChange={onToggle}
                  slotProps={{
                    input: { 'aria-label': `${translate('stockImages.select')}: ${image.title}` },
                  }}
                />
              }
              label={translate('stockImages.select')}
            />
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}

function FilterSelect<K extends string>({
  name,
  value,
  options,
  onChange,
}: {
  name: string;
  value: K;
  options: readonly K[];
  onChange: (value: K) => void;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      fullWidth={false}
      size="small"
      label={translate(`stockImages.filters.${name}`)}
      value={value}
      onChange={(event) => onChange(event.target.value as K)}
      sx={{ minWidth: 150, flex: { xs: '1 1 150px', md: '0 0 auto' } }}
      slotProps={{ select: { inputProps: { 'data-testid': `stock-filter-${name}` } } }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {translate(`stockImages.${name}.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

const searchQuery = (filters: Filters, page: number) => {
  const params = new URLSearchParams({
    page: String(page),
    itemsPerPage: String(STOCK_PAGE_SIZE),
    type: filters.type,
    orientation: filters.orientation,
    people: filters.people,
    zoom: ZOOMS[filters.zoom],
  });
  if (filters.search) params.set('search', filters.search);
  if (filters.color !== 'all') params.set('color', COLOURS[filters.color]);
  return params.toString();
};

/** /imagedb/stock: Adobe Stock's images, 64 a page, with filters; selected images are licensed together. */
export function StockSearchPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const status = useStockStatus();
  const enabled = status.data?.enabled === true;
  const licensing = status.data?.licensing === true;
  const mayLicense = hasAnyPermission(user?.permissions ?? null, ['imagedb-create']);
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  // The selection keeps the images themselves, so it survives paging.
  const [selected, setSelected] = useState<Map<string, StockImage>>(new Map());
  const [processing, setProcessing] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const results = useQuery({
    queryKey: ['adobestock', filters, page],
    queryFn: () => api<StockPage>(`/adobestock?${searchQuery(filters, page)}`),
    enabled,
    placeholderData: keepPreviousData,
  });
  const quota = useQuota(enabled && licensing);

  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  // Selecting toggles: added if absent, removed if present (spec §4).
  const toggle = (image: StockImage) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(image.id)) next.delete(image.id);
      else next.set(image.id, image);
      return next;
    });
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    change({ search: searchText.trim() });
  };

  const license = async () => {
    setConfirming(false);
    const images = [...selected.values()];
    setProcessing(new Set(images.map((image) => image.id)));
    let licensed = 0;
    let failed = 0;
    for (const image of images) {
      try {
        const answer = await api<StockLicenceResponse>('/adobestock', { method: 'POST', body: { id: image.id } });
        if (answer.status === 'standard') licensed += 1;
        else failed += 1;
      } catch {
        failed += 1;
      }
      setProcessing((current) => {
        const next = new Set(current);
        next.delete(image.id);
        return next;
      });
    }
    setSelected(new Map());
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['adobestock'] }),
      queryClient.invalidateQueries({ queryKey: ['adobestock-quota'] }),
      queryClient.invalidateQueries({ queryKey: ['imagedb-customer-stock'] }),
    ]);
    if (licensed > 0) notify('stockImages.licensed', { type: 'success', messageArgs: { smart_count: licensed } });
    if (failed > 0) notify('error.imageLicensing', { type: 'error' });
  };

  const size = Number(ZOOMS[filters.zoom]);
  const page_ = results.data;
  const filtered = JSON.stringify(filters) !== JSON.stringify(DEFAULT_FILTERS);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('stockImages.title')} />
      {status.isSuccess && !enabled ? (
        <NotConfigured />
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
            <QuotaChip quota={quota.data} />
            {licensing && hasAnyPermission(user?.permissions ?? null, ['admin']) ? (
              <Button component={Link} to="/imagedb/customer" size="small">
                {translate('stockImages.customer.link')}
              </Button>
            ) : null}
            <Box sx={{ flex: 1 }} />
            {mayLicense && licensing ? (
              <>
                {selected.size > 0 ? (
                  <Button size="small" onClick={() => setSelected(new Map())}>
                    {translate('stockImages.clearSelection')}
                  </Button>
                ) : null}
                <Button
                  variant="contained"
                  disabled={selected.size === 0 || processing.size > 0}
                  onClick={() => setConfirming(true)}
                  data-testid="stock-license"
                >
                  {translate('stockImages.license', { smart_count: selected.size })}
                </Button>
              </>
            ) : null}
          </Box>
          <Box
            component="form"
            role="search"
            onSubmit={submitSearch}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}
          >
            <TextField
              fullWidth={false}
              size="small"
              type="search"
              label={translate('stockImages.filters.search')}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              sx={{ minWidth: 220, flex: '1 1 260px', maxWidth: 480 }}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton type="submit" edge="end" aria-label={translate('stockImages.searchButton')}>
                        <SearchIcon />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <FilterSelect
              name="type"
              value={filters.type}
              options={STOCK_TYPES}
              onChange={(type) => change({ type })}
            />
            <FilterSelect
              name="orientation"
              value={filters.orientation}
              options={STOCK_ORIENTATIONS}
              onChange={(orientation) => change({ orientation })}
            />
            <FilterSelect
              name="people"
              value={filters.people}
              options={STOCK_PEOPLE}
              onChange={(people) => change({ people })}
            />
            <FilterSelect
              name="color"
              value={filters.color}
              options={['all', ...(Object.keys(COLOURS) as Array<keyof typeof COLOURS>)]}
              onChange={(color) => change({ color })}
            />
            <FilterSelect
              name="zoom"
              value={filters.zoom}
              options={Object.keys(ZOOMS) as Array<keyof typeof ZOOMS>}
              onChange={(zoom) => change({ zoom })}
            />
            {filtered ? (
              <Button
                size="small"
                onClick={() => {
                  setSearchText('');
                  change(DEFAULT_FILTERS);
                }}
              >
                {translate('stockImages.resetFilters')}
              </Button>
            ) : null}
          </Box>
          {results.isError ? <Alert severity="error">{translate((results.error as Error).message)}</Alert> : null}
          {!page_ && (results.isLoading || status.isLoading) ? (
            <CircularProgress aria-label={translate('ra.page.loading')} />
          ) : null}
          {page_ && page_.data.length === 0 ? (
            <Alert
              severity="info"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    setSearchText('');
                    change(DEFAULT_FILTERS);
                  }}
                >
                  {translate('stockImages.resetFilters')}
                </Button>
              }
            >
              {translate('stockImages.empty', { search: filters.search })}
            </Alert>
          ) : null}
          {page_ && page_.data.length > 0 ? (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
                {translate('stockImages.selected', { smart_count: selected.size })}
              </Typography>
              <ImageGrid size={size}>
                {page_.data.map((image) => (
                  <StockCard
                    key={image.id}
                    image={image}
                    size={size}
                    selected={selected.has(image.id)}
                    processing={processing.has(image.id)}
                    selectable={mayLicense && licensing}
                    onToggle={() => toggle(image)}
                  />
                ))}
              </ImageGrid>
              <Pager page={page} total={page_.total} onPage={setPage} />
            </>
          ) : null}
          <Dialog open={confirming} onClose={() => setConfirming(false)}>
            <DialogTitle>{translate('stockImages.confirm.title', { smart_count: selected.size })}</DialogTitle>
            <DialogContent>
              <DialogContentText>
                {translate('stockImages.confirm.text', {
                  smart_count: selected.size,
                  quota: quota.data?.quota ?? '–',
                })}
              </DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(false)}>{translate('ra.action.cancel')}</Button>
              <Button variant="contained" onClick={license} data-testid="stock-license-confirm">
                {translate('stockImages.license', { smart_count: selected.size })}
              </Button>
            </DialogActions>
          </Dialog>
        </>
      )}
    </Box>
  );
}

/** /imagedb/customer: the operator's licensed stock images, with their image in the image database. */
export function CustomerStockPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const mayCreate = hasAnyPermission(user?.permissions ?? null, ['imagedb-create']);
  const [adding, setAdding] = useState<string | null>(null);
  const status = useStockStatus();
  const enabled = status.data?.licensing === true;
  const [page, setPage] = useState(1);
  const results = useQuery({
    queryKey: ['imagedb-customer-stock', page],
    queryFn: () => api<StockPage>(`/imagedb-customer-stock?page=${page}&itemsPerPage=${STOCK_PAGE_SIZE}`),
    enabled,
    placeholderData: keepPreviousData,
  });
  const quota = useQuota(enabled);
  const data = results.data;
  // An image licensed outside Tourdesk comes into the image database through the same licence call, which
  // Adobe answers with already_purchased (no credit).
  const addToDatabase = async (image: StockImage) => {
    setAdding(image.id);
    try {
      const answer = await api<StockLicenceResponse>('/adobestock', { method: 'POST', body: { id: image.id } });
      if (answer.status === 'standard') notify('stockImages.customer.added', { type: 'success' });
      else notify('error.imageLicensing', { type: 'error' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setAdding(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['imagedb-customer-stock'] }),
        queryClient.invalidateQueries({ queryKey: ['adobestock-quota'] }),
      ]);
    }
  };
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('stockImages.customer.title')} />
      {status.isSuccess && !enabled ? (
        <NotConfigured />
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
            <QuotaChip quota={quota.data} />
            <Button component={Link} to="/imagedb/stock" size="small">
              {translate('stockImages.customer.search')}
            </Button>
          </Box>
          {results.isError ? <Alert severity="error">{translate((results.error as Error).message)}</Alert> : null}
          {!data && (results.isLoading || status.isLoading) ? (
            <CircularProgress aria-label={translate('ra.page.loading')} />
          ) : null}
          {data && data.data.length === 0 ? (
            <Alert severity="info">{translate('stockImages.customer.empty')}</Alert>
          ) : null}
          {data && data.data.length > 0 ? (
            <>
              <ImageGrid size={240}>
                {data.data.map((image) => (
                  <Card
                    component="li"
                    variant="outlined"
                    key={image.id}
                    data-testid="customer-card"
                    data-stock-id={image.id}
                  >
                    <Thumbnail image={image} height={180} />
                    <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
                      <Typography variant="body2" noWrap title={image.title}>
                        {image.title}
                      </Typography>
                      <Typography variant="caption" component="p" color="text.secondary">
                        {translate('stockImages.customer.licensedOn', {
                          licence: image.is_licensed || 'Standard',
                          date: formatDate(image.licensed_at),
                        })}
                      </Typography>
                      <Typography variant="caption" component="p" color="text.secondary">
                        {image.id_img_customer !== null
                          ? translate('stockImages.customer.inDatabase', { id: image.id_img_customer })
                          : translate('stockImages.customer.notInDatabase')}
                      </Typography>
                      {image.id_img_customer === null && mayCreate ? (
                        <Button
                          size="small"
                          sx={{ mt: 0.5 }}
                          disabled={adding !== null}
                          onClick={() => void addToDatabase(image)}
                        >
                          {translate('stockImages.customer.add')}
                        </Button>
                      ) : null}
                    </CardContent>
                  </Card>
                ))}
              </ImageGrid>
              <Pager page={page} total={data.total} onPage={setPage} />
            </>
          ) : null}
        </>
      )}
    </Box>
  );
}
