import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import {
  DATA_IMPORT_FIELDS,
  type DataImportField,
  type DataImportJob,
  type DataImportPreview,
  type DataImportReport,
  type DataImportSource,
  type DataImportUndo,
  type DataImportUpload,
} from '@tourdesk/contracts/data-import.schema';
import { api } from '../../lib/api-client.ts';
import { uploadErrorKey, uploadFile } from '../../shared/upload-file.ts';

type Mapping = Partial<Record<DataImportField, number | null>>;
type Existing = 'update' | 'skip';

const STEPS = ['file', 'mapping', 'preview', 'run', 'report'] as const;
const STATE_COLOURS = { new: 'success', update: 'info', skip: 'warning' } as const;
const POLL_MS = 500;

/** A row's reason as text: `invalid.<field>` names the field, the others have their own message. */
function useReason() {
  const translate = useTranslate();
  return (reason: string | null) => {
    if (!reason) return '';
    if (reason.startsWith('invalid.'))
      return translate('dataImport.reason.invalid', { field: translate(`dataImport.fields.${reason.slice(8)}`) });
    if (reason.startsWith('error.')) return translate(`dataImport.reason.${reason.slice(6)}`);
    return translate(`dataImport.reason.${reason}`);
  };
}

/**
 * /system/import: a stepper — file (with a saved source), column mapping, preview with the duplicates marked, the
 * run with its progress bar (polled), the report — and the list of past imports with their undo.
 */
export function ImportPage() {
  const translate = useTranslate();
  const reasonText = useReason();
  const [sources, setSources] = useState<DataImportSource[]>([]);
  const [sourceId, setSourceId] = useState<number | ''>('');
  const [upload, setUpload] = useState<DataImportUpload | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [existing, setExisting] = useState<Existing>('update');
  const [sourceName, setSourceName] = useState('');
  const [preview, setPreview] = useState<DataImportPreview | null>(null);
  const [job, setJob] = useState<DataImportJob | null>(null);
  const [report, setReport] = useState<DataImportReport | null>(null);
  const [history, setHistory] = useState<DataImportJob[]>([]);
  const [undone, setUndone] = useState<DataImportUndo | null>(null);
  const [step, setStep] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (failure: unknown) => setError(uploadErrorKey(failure));
  const loadHistory = useCallback(() => {
    api<{ data: DataImportJob[] }>('/system/import?$limit=20')
      .then((answer) => setHistory(answer.data))
      .catch(fail);
  }, []);

  useEffect(() => {
    api<DataImportSource[]>('/system/import/sources').then(setSources).catch(fail);
    loadHistory();
  }, [loadHistory]);

  // The run: the screen asks for the job's progress until it has ended.
  useEffect(() => {
    if (!job || job.status !== 'running') return;
    const timer = setTimeout(() => {
      api<DataImportJob>(`/system/import/${job.id}`)
        .then((next) => {
          setJob(next);
          if (next.status !== 'running') {
            setStep(4);
            loadHistory();
            api<DataImportReport>(`/system/import/${next.id}/report?$limit=100`).then(setReport).catch(fail);
          }
        })
        .catch(fail);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, loadHistory]);

  const reset = () => {
    setUpload(null);
    setMapping({});
    setPreview(null);
    setJob(null);
    setReport(null);
    setError(null);
    setStep(0);
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    reset();
    setBusy(true);
    try {
      const answer = await uploadFile<DataImportUpload>('/system/import', file, sourceId === '' ? {} : { sourceId });
      setUpload(answer);
      setMapping(answer.mapping);
      const source = sources.find((row) => row.id === answer.sourceId);
      if (source) {
        setSourceName(source.name);
        setExisting(source.existing);
      }
      setStep(1);
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const showPreview = async () => {
    if (!upload) return;
    setBusy(true);
    setError(null);
    try {
      setPreview(
        await api<DataImportPreview>(`/system/import/${upload.id}/preview`, {
          method: 'POST',
          body: { mapping, existing },
        }),
      );
      setStep(2);
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    if (!upload) return;
    setBusy(true);
    setError(null);
    try {
      const started = await api<DataImportJob>(`/system/import/${upload.id}/start`, {
        method: 'POST',
        body: { mapping, existing, ...(sourceName.trim() ? { sourceName: sourceName.trim() } : {}) },
      });
      setJob(started);
      setStep(3);
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const undo = async (id: number) => {
    if (!window.confirm(translate('dataImport.undoConfirm'))) return;
    setError(null);
    try {
      setUndone(await api<DataImportUndo>(`/system/import/${id}/undo`, { method: 'POST' }));
      loadHistory();
    } catch (failure) {
      fail(failure);
    }
  };

  const mappingComplete = typeof mapping.firstName === 'number' && typeof mapping.lastName === 'number';
  const percent = job && job.total > 0 ? Math.round((job.processed / job.total) * 100) : 0;

  return (
    <Box sx={{ py: 2, maxWidth: 1100 }}>
      <Title title={translate('dataImport.title')} />
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3, overflowX: 'auto' }}>
        {STEPS.map((key) => (
          <Step key={key}>
            <StepLabel>{translate(`dataImport.steps.${key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {translate(error)}
        </Alert>
      ) : null}
      {undone ? (
        <Alert
          severity={undone.kept.length > 0 ? 'warning' : 'success'}
          sx={{ mb: 2 }}
          data-testid="undo-result"
          onClose={() => setUndone(null)}
        >
          {translate('dataImport.undone', {
            removed: undone.removed,
            restored: undone.restored,
            kept: undone.kept.length,
          })}
          {undone.kept.slice(0, 10).map((row) => (
            <Box key={row.id_vc_card}>
              {translate('dataImport.keptRow', { row: row.row, id: row.id_vc_card, reason: reasonText(row.reason) })}
            </Box>
          ))}
        </Alert>
      ) : null}

      <Paper sx={{ p: 2, mb: 3 }}>
        {step === 0 ? (
          <Box>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {translate('dataImport.intro')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              <TextField
                select
                size="small"
                sx={{ minWidth: 240 }}
                label={translate('dataImport.source')}
                value={sourceId}
                onChange={(event) => setSourceId(event.target.value === '' ? '' : Number(event.target.value))}
              >
                <MenuItem value="">{translate('dataImport.noSource')}</MenuItem>
                {sources.map((source) => (
                  <MenuItem key={source.id} value={source.id}>
                    {source.name}
                  </MenuItem>
                ))}
              </TextField>
              <Button variant="contained" component="label" disabled={busy}>
                {translate('dataImport.chooseFile')}
                <input
                  hidden
                  type="file"
                  data-testid="import-file"
                  accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  aria-label={translate('dataImport.chooseFile')}
                  onChange={(event) => void choose(event.target.files?.[0])}
                />
              </Button>
            </Box>
            {busy ? <LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} /> : null}
          </Box>
        ) : null}

        {step === 1 && upload ? (
          <Box>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {translate('dataImport.detected', { file: upload.fileName, smart_count: upload.rows })}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
                gap: 2,
                mb: 2,
              }}
            >
              {DATA_IMPORT_FIELDS.map((field) => (
                <TextField
                  key={field}
                  select
                  size="small"
                  label={translate(`dataImport.fields.${field}`)}
                  value={mapping[field] ?? ''}
                  required={field === 'firstName' || field === 'lastName'}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': `map-${field}` } as object } }}
                  onChange={(event) =>
                    setMapping({ ...mapping, [field]: event.target.value === '' ? null : Number(event.target.value) })
                  }
                >
                  <MenuItem value="">{translate('dataImport.notMapped')}</MenuItem>
                  {upload.columns.map((column, index) => (
                    <MenuItem key={index} value={index}>
                      {column}
                      {upload.sample[0]?.[index] ? ` – ${upload.sample[0][index]}` : ''}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Box>
            <Typography variant="subtitle2" component="h2" id="existing-label">
              {translate('dataImport.existing')}
            </Typography>
            <RadioGroup
              row
              aria-labelledby="existing-label"
              value={existing}
              onChange={(event) => setExisting(event.target.value === 'skip' ? 'skip' : 'update')}
              sx={{ mb: 2 }}
            >
              <FormControlLabel value="update" control={<Radio />} label={translate('dataImport.existingUpdate')} />
              <FormControlLabel value="skip" control={<Radio />} label={translate('dataImport.existingSkip')} />
            </RadioGroup>
            <TextField
              size="small"
              sx={{ minWidth: 280, mb: 2 }}
              label={translate('dataImport.saveAs')}
              helperText={translate('dataImport.saveAsHelp')}
              value={sourceName}
              onChange={(event) => setSourceName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button onClick={reset}>{translate('ra.action.back')}</Button>
              <Button variant="contained" onClick={() => void showPreview()} disabled={busy || !mappingComplete}>
                {translate('dataImport.toPreview')}
              </Button>
            </Box>
          </Box>
        ) : null}

        {step === 2 && preview ? (
          <Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} data-testid="import-counts">
              {(Object.keys(STATE_COLOURS) as Array<keyof typeof STATE_COLOURS>).map((state) => (
                <Chip
                  key={state}
                  size="small"
                  color={STATE_COLOURS[state]}
                  label={`${translate(`dataImport.state.${state}`)}: ${preview.counts[state]}`}
                />
              ))}
            </Box>
            <Box
              sx={{ overflowX: 'auto', mb: 2 }}
              tabIndex={0}
              role="region"
              aria-label={translate('dataImport.steps.preview')}
            >
              <Table size="small" aria-label={translate('dataImport.steps.preview')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('dataImport.row')}</TableCell>
                    <TableCell>{translate('dataImport.fields.lastName')}</TableCell>
                    <TableCell>{translate('dataImport.fields.firstName')}</TableCell>
                    <TableCell>{translate('dataImport.fields.email')}</TableCell>
                    <TableCell>{translate('dataImport.fields.city')}</TableCell>
                    <TableCell>{translate('dataImport.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.rows.map((row) => (
                    <TableRow key={row.row}>
                      <TableCell>{row.row}</TableCell>
                      <TableCell>{row.values.lastName}</TableCell>
                      <TableCell>{row.values.firstName}</TableCell>
                      <TableCell>{row.values.email}</TableCell>
                      <TableCell>{row.values.city}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant={row.state === 'new' ? 'outlined' : 'filled'}
                          color={STATE_COLOURS[row.state]}
                          label={row.reason ? reasonText(row.reason) : translate(`dataImport.state.${row.state}`)}
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button onClick={() => setStep(1)}>{translate('ra.action.back')}</Button>
              <Button variant="contained" onClick={() => void run()} disabled={busy}>
                {translate('dataImport.run')}
              </Button>
            </Box>
          </Box>
        ) : null}

        {(step === 3 || step === 4) && job ? (
          <Box>
            <LinearProgress variant="determinate" value={percent} aria-label={translate('dataImport.progress')} />
            <Typography variant="body2" sx={{ mt: 1 }} role="status">
              {translate('dataImport.processed', { processed: job.processed, total: job.total, percent })}
            </Typography>
            {job.status === 'failed' ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {translate('dataImport.error.failed')}
              </Alert>
            ) : null}
            {step === 4 ? (
              <>
                <Alert severity="success" sx={{ mt: 2 }} data-testid="import-summary">
                  {translate('dataImport.summary', {
                    created: job.created,
                    updated: job.updated,
                    skipped: job.skipped,
                  })}
                </Alert>
                {report && report.data.length > 0 ? (
                  <Box
                    sx={{ overflowX: 'auto', mt: 2 }}
                    tabIndex={0}
                    role="region"
                    aria-label={translate('dataImport.steps.report')}
                  >
                    <Table size="small" aria-label={translate('dataImport.steps.report')}>
                      <TableHead>
                        <TableRow>
                          <TableCell>{translate('dataImport.row')}</TableCell>
                          <TableCell>{translate('dataImport.outcome')}</TableCell>
                          <TableCell>{translate('dataImport.reasonColumn')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {report.data.map((row, index) => (
                          <TableRow key={`${row.row}-${index}`}>
                            <TableCell>{row.row}</TableCell>
                            <TableCell>{translate(`dataImport.outcomes.${row.outcome}`)}</TableCell>
                            <TableCell>{reasonText(row.reason)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </Box>
                ) : null}
                <Button sx={{ mt: 2 }} onClick={reset}>
                  {translate('dataImport.another')}
                </Button>
              </>
            ) : null}
          </Box>
        ) : null}
      </Paper>

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('dataImport.history')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('dataImport.history')}>
        <Table size="small" aria-label={translate('dataImport.history')} data-testid="import-history">
          <TableHead>
            <TableRow>
              <TableCell>{translate('dataImport.file')}</TableCell>
              <TableCell>{translate('dataImport.when')}</TableCell>
              <TableCell>{translate('dataImport.status')}</TableCell>
              <TableCell>{translate('dataImport.counts')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {history.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>{translate('dataImport.noHistory')}</TableCell>
              </TableRow>
            ) : null}
            {history.map((row) => (
              <TableRow key={row.id} data-testid={`import-row-${row.id}`}>
                <TableCell>
                  {row.fileName}
                  {row.sourceName ? (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {row.sourceName}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>{new Date(row.createdAt).toLocaleString()}</TableCell>
                <TableCell>{translate(`dataImport.statuses.${row.status}`)}</TableCell>
                <TableCell>
                  {translate('dataImport.summaryShort', {
                    created: row.created,
                    updated: row.updated,
                    skipped: row.skipped,
                  })}
                </TableCell>
                <TableCell align="right">
                  {row.status === 'done' || row.status === 'failed' ? (
                    <Button size="small" variant="outlined" onClick={() => void undo(row.id)}>
                      {translate('dataImport.undo')}
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
