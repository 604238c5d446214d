import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useBlocker, useGetList, useNotify, useTranslate } from 'react-admin';
import type { CommissionRates } from '@tourdesk/contracts/agency-money.schema';
import { ButtonSpinner } from '../../ui/button-spinner.tsx';
import { api, HttpError } from '../../lib/api-client.ts';
import { ratesBody, rowErrorsFromServer, rowsOf, type RateRow } from './commission-rates.ts';

const PERCENT_SLOT = {
  input: { endAdornment: '%' },
  htmlInput: { inputMode: 'decimal' as const, autoComplete: 'off' },
};

/** Leaving the tab or the page with unsaved rates asks first, as the app's forms do. */
function useWarnWhenDirty(dirty: boolean) {
  const translate = useTranslate();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed?.();
    else blocker.reset?.();
    // The blocker object changes on every render; its state is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state, translate]);
}

/** The editor once the stored rates are in: the default rate, then one row per journey category with its own. */
function RatesForm({
  agencyId,
  agencyName,
  stored,
  canEdit,
}: {
  agencyId: number;
  agencyName: string;
  stored: CommissionRates;
  canEdit: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: categories = [] } = useGetList('journey-categories', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [saved, setSaved] = useState<RateRow[]>(() => rowsOf(stored.rates));
  const [rows, setRows] = useState<RateRow[]>(saved);
  useWarnWhenDirty(JSON.stringify(rows) !== JSON.stringify(saved));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState(false);
  const nameOf = (id: number | null) =>
    categories.find((category) => category.id === id)?.name ??
    stored.rates.find((rate) => rate.categoryId === id)?.categoryName ??
    String(id);
  const used = new Set(rows.map((row) => row.categoryId));
  const unused = categories.filter((category) => !used.has(category.id as number));
  const change = (index: number, patch: Partial<RateRow>) => {
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
    setErrors((current) => {
      const { [index]: _dropped, ...rest } = current;
      return rest;
    });
  };
  const remove = (index: number) => {
    setRows((current) => current.filter((_, at) => at !== index));
    setErrors({});
  };
  const add = () => {
    const first = unused[0];
    if (first) setRows((current) => [...current, { categoryId: first.id as number, text: '' }]);
  };
  const save = async () => {
    const checked = ratesBody(rows);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      const answer = await api<CommissionRates>(`/organization/${agencyId}/commission-rates`, {
        method: 'PUT',
        body: checked.body,
      });
      queryClient.setQueryData(['commission-rates', agencyId], answer);
      setSaved(rowsOf(answer.rates));
      setRows(rowsOf(answer.rates));
      setErrors({});
      notify('agencies.rates.saved', { type: 'success', messageArgs: { name: agencyName } });
    } catch (failure) {
      if (failure instanceof HttpError) {
        const fields = (failure.body as { errors?: Record<string, string> } | undefined)?.errors;
        const rowErrors = rowErrorsFromServer(fields, rows);
        setErrors(rowErrors);
      }
      notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const errorText = (index: number) => (errors[index] ? translate(errors[index]) : undefined);
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('agencies.rates.help')}
      </Typography>
      <TextField
        id="commission-rate-default"
        label={translate('agencies.rates.default')}
        value={rows[0]?.text ?? ''}
        onChange={(event) => change(0, { text: event.target.value })}
        error={Boolean(errors[0])}
        helperText={errorText(0) ?? translate('agencies.rates.defaultHelp')}
        disabled={!canEdit}
        size="small"
        slotProps={PERCENT_SLOT}
        sx={{ maxWidth: 240 }}
      />
      <Typography variant="subtitle2" component="h3">
        {translate('agencies.rates.byCategory')}
      </Typography>
      {rows.length <= 1 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('agencies.rates.noCategoryRates')}
        </Typography>
      ) : null}
      {rows.map((row, index) =>
        index === 0 ? null : (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              select
              id={`commission-rate-category-${index}`}
              label={translate('agencies.rates.category')}
              value={row.categoryId ?? ''}
              onChange={(event) => change(index, { categoryId: Number(event.target.value) })}
              disabled={!canEdit}
              size="small"
              sx={{ flex: 2, minWidth: 0 }}
            >
              {/* The chosen category stays listed even before the categories have loaded. */}
              {categories.some((category) => category.id === row.categoryId) ? null : (
                <MenuItem value={row.categoryId ?? ''}>{nameOf(row.categoryId)}</MenuItem>
              )}
              {categories.map((category) => (
                <MenuItem key={category.id} value={category.id}>
                  {category.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              id={`commission-rate-percent-${index}`}
              label={translate('agencies.rates.percent')}
              value={row.text}
              onChange={(event) => change(index, { text: event.target.value })}
              error={Boolean(errors[index])}
              helperText={errorText(index)}
              disabled={!canEdit}
              size="small"
              slotProps={PERCENT_SLOT}
              sx={{ flex: 1, minWidth: 110 }}
            />
            {canEdit ? (
              <IconButton
                onClick={() => remove(index)}
                aria-label={translate('agencies.rates.remove', { category: nameOf(row.categoryId) })}
              >
                <DeleteIcon />
              </IconButton>
            ) : null}
          </Stack>
        ),
      )}
      {canEdit ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button startIcon={<AddIcon />} onClick={add} disabled={unused.length === 0}>
            {translate('agencies.rates.add')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={saving ? <ButtonSpinner /> : <SaveIcon />}
            onClick={() => void save()}
            disabled={saving}
          >
            {translate('ra.action.save')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** An agency's commission rates: the default and per journey category, in percent with two decimals. */
export function CommissionRatesEditor({
  agencyId,
  agencyName,
  canEdit,
}: {
  agencyId: number;
  agencyName: string;
  canEdit: boolean;
}) {
  const translate = useTranslate();
  const { data, error, isPending } = useQuery({
    queryKey: ['commission-rates', agencyId],
    queryFn: ({ signal }) => api<CommissionRates>(`/organization/${agencyId}/commission-rates`, { signal }),
  });
  return (
    <Card variant="outlined">
      <CardContent>
        {isPending ? (
          <CircularProgress aria-label={translate('ra.page.loading')} />
        ) : error || !data ? (
          <Alert severity="error">{translate(error instanceof Error ? error.message : 'error.unexpected')}</Alert>
        ) : (
          <RatesForm agencyId={agencyId} agencyName={agencyName} stored={data} canEdit={canEdit} />
        )}
      </CardContent>
    </Card>
  );
}
