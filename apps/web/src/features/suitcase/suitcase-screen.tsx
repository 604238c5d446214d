import { useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import {
  packedCount,
  SUITCASE_CATEGORIES,
  type SuitcaseCategory,
  type SuitcaseItem,
} from '@tourdesk/contracts/suitcase';
import type { SuitcaseTemplateChoice } from '@tourdesk/contracts/suitcase.schema';
import { useMobileUser, useT } from '../../lib/mobile.tsx';
import { newItemId } from './suitcase-state.ts';
import { getOnce, useSuitcase } from './use-suitcase.ts';

/** /appuser/PackSuitcase/{bookingId}: the traveller's packing list for one journey, usable offline. */
export function SuitcaseScreen() {
  const t = useT();
  const user = useMobileUser();
  const bookingId = Number(useParams().id);
  const { items, state, status, change, resolve } = useSuitcase(user.id, bookingId);
  const packed = packedCount(items);
  // Asked at once (and kept by the service worker), so an empty list shows its templates together with the page.
  const templates = useQuery({
    queryKey: ['suitcase-templates', bookingId],
    queryFn: () => getOnce<SuitcaseTemplateChoice[]>(`/users-vorgaenge/${bookingId}/suitcase/templates`),
    enabled: status !== 'notFound',
  });

  if (status === 'notFound') {
    return (
      <Stack spacing={2}>
        <Typography component="h1" variant="h5">
          {t('suitcase.title')}
        </Typography>
        <Alert severity="warning">{t('suitcase.notFound')}</Alert>
        <Button component={Link} to="/appuser/PackSuitcase" variant="outlined">
          {t('suitcase.backToJourneys')}
        </Button>
      </Stack>
    );
  }
  const loading =
    (status === 'loading' && state.base.version === 0 && state.queue.length === 0) ||
    (items.length === 0 && templates.isPending && status !== 'offline');
  return (
    <Stack spacing={2}>
      <Box>
        <Typography component="h1" variant="h5">
          {t('suitcase.title')}
        </Typography>
        <Typography color="text.secondary">{t('suitcase.booking', { id: bookingId })}</Typography>
      </Box>
      {status === 'offline' || state.queue.length > 0 ? (
        <Alert severity="info" icon={<CloudOffIcon />} role="status">
          {status === 'offline' ? t('suitcase.offline') : t('suitcase.pending', { smart_count: state.queue.length })}
        </Alert>
      ) : null}
      {state.conflict ? (
        <ConflictNotice items={state.conflict.items} queued={state.queue.length} onResolve={resolve} />
      ) : loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('suitcase.loading')} />
        </Box>
      ) : (
        <>
          {items.length > 0 ? <Progress packed={packed} total={items.length} /> : null}
          {items.length === 0 ? (
            <TemplatePicker templates={templates.data ?? []} onPick={(picked) => change(picked)} />
          ) : null}
          <GroupedItems
            items={items}
            onToggle={(item) => change({ op: 'pack', id: item.id, packed: !item.packed })}
            onRemove={(item) => change({ op: 'remove', id: item.id })}
          />
          <AddItemForm onAdd={(item) => change({ op: 'add', item })} />
        </>
      )}
    </Stack>
  );
}

function Progress({ packed, total }: { packed: number; total: number }) {
  const t = useT();
  const label = t('suitcase.progress', { packed, total });
  return (
    <Box>
      <Typography id="suitcase-progress" sx={{ fontWeight: 'bold', mb: 0.5 }}>
        {label}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={total === 0 ? 0 : (packed / total) * 100}
        aria-labelledby="suitcase-progress"
        sx={{ height: 10, borderRadius: 5 }}
      />
    </Box>
  );
}

function GroupedItems({
  items,
  onToggle,
  onRemove,
}: {
  items: SuitcaseItem[];
  onToggle: (item: SuitcaseItem) => void;
  onRemove: (item: SuitcaseItem) => void;
}) {
  const t = useT();
  const groups = SUITCASE_CATEGORIES.map((category) => ({
    category,
    items: items.filter((item) => item.category === category),
  })).filter((group) => group.items.length > 0);
  return (
    <>
      {groups.map((group) => (
        <Paper key={group.category} component="section" variant="outlined" aria-labelledby={`cat-${group.category}`}>
          <Typography
            id={`cat-${group.category}`}
            component="h2"
            variant="subtitle1"
            sx={{ px: 2, pt: 1.5, fontWeight: 'bold' }}
          >
            {t(`suitcase.categories.${group.category}`)}{' '}
            <Typography component="span" color="text.secondary">
              {`${packedCount(group.items)}/${group.items.length}`}
            </Typography>
          </Typography>
          <List>
            {group.items.map((item) => (
              <SuitcaseRow key={item.id} item={item} onToggle={onToggle} onRemove={onRemove} />
            ))}
          </List>
        </Paper>
      ))}
    </>
  );
}

function SuitcaseRow({
  item,
  onToggle,
  onRemove,
}: {
  item: SuitcaseItem;
  onToggle: (item: SuitcaseItem) => void;
  onRemove: (item: SuitcaseItem) => void;
}) {
  const t = useT();
  const labelId = useId();
  const text = item.quantity > 1 ? `${item.quantity} × ${item.text}` : item.text;
  return (
    <ListItem
      disablePadding
      secondaryAction={
        <IconButton
          edge="end"
          aria-label={t('suitcase.remove', { name: item.text })}
          onClick={() => onRemove(item)}
          sx={{ width: 48, height: 48 }}
        >
          <DeleteIcon />
        </IconButton>
      }
    >
      <ListItemButton onClick={() => onToggle(item)} sx={{ minHeight: 56 }} role={undefined} dense={false}>
        <ListItemIcon>
          <Checkbox
            edge="start"
            checked={item.packed}
            tabIndex={-1}
            disableRipple
            slotProps={{ input: { 'aria-labelledby': labelId } }}
          />
        </ListItemIcon>
        <ListItemText
          id={labelId}
          primary={text}
          sx={item.packed ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined}
        />
      </ListItemButton>
    </ListItem>
  );
}

function AddItemForm({ onAdd }: { onAdd: (item: SuitcaseItem) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [category, setCategory] = useState<SuitcaseCategory>('other');
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(true);
      return;
    }
    onAdd({ id: newItemId(), text: trimmed.slice(0, 120), category, quantity: 1, packed: false });
    setText('');
    setError(false);
  };
  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      noValidate
      sx={{ p: 2 }}
      aria-labelledby="suitcase-add"
    >
      <Typography id="suitcase-add" component="h2" variant="subtitle1" sx={{ fontWeight: 'bold', mb: 1 }}>
        {t('suitcase.addTitle')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={t('suitcase.itemText')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error}
          helperText={error ? t('error.empty') : undefined}
          slotProps={{ htmlInput: { maxLength: 120 } }}
          fullWidth
        />
        <TextField
          select
          label={t('suitcase.category')}
          value={category}
          onChange={(event) => setCategory(event.target.value as SuitcaseCategory)}
          fullWidth
        >
          {SUITCASE_CATEGORIES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`suitcase.categories.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" size="large">
          {t('suitcase.add')}
        </Button>
      </Stack>
    </Paper>
  );
}

function TemplatePicker({
  templates,
  onPick,
}: {
  templates: SuitcaseTemplateChoice[];
  onPick: (changes: Array<{ op: 'add'; item: SuitcaseItem }>) => void;
}) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="suitcase-templates">
      <Typography id="suitcase-templates" component="h2" variant="subtitle1" sx={{ fontWeight: 'bold' }}>
        {t('suitcase.startTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('suitcase.startHint')}
      </Typography>
      <Stack spacing={1}>
        {templates.map((template) => (
          <Button
            key={template.id}
            variant="outlined"
            size="large"
            onClick={() =>
              onPick(
                template.items.map((item) => ({
                  op: 'add' as const,
                  item: { ...item, id: newItemId(), packed: false },
                })),
              )
            }
            sx={{ justifyContent: 'space-between', textAlign: 'left', textTransform: 'none', minHeight: 56, gap: 2 }}
          >
            <Box component="span" sx={{ fontWeight: 'bold', fontSize: '1rem' }}>
              {template.short}
            </Box>
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {t('suitcase.itemCount', { smart_count: template.items.length })}
            </Box>
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}

function ConflictNotice({
  items,
  queued,
  onResolve,
}: {
  items: SuitcaseItem[];
  queued: number;
  onResolve: (keepMine: boolean) => void;
}) {
  const t = useT();
  return (
    <Stack spacing={2}>
      <Alert severity="warning" role="alert">
        {t('error.syncConflict')}
      </Alert>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 'bold' }}>
        {t('suitcase.serverList', { packed: packedCount(items), total: items.length })}
      </Typography>
      <List dense aria-label={t('suitcase.serverListLabel')}>
        {items.map((item) => (
          <ListItem key={item.id}>
            <ListItemText primary={item.text} secondary={t(item.packed ? 'suitcase.packed' : 'suitcase.notPacked')} />
          </ListItem>
        ))}
      </List>
      <Button variant="contained" size="large" onClick={() => onResolve(true)}>
        {t('suitcase.keepMine', { smart_count: queued })}
      </Button>
      <Button variant="outlined" size="large" onClick={() => onResolve(false)}>
        {t('suitcase.takeServer')}
      </Button>
    </Stack>
  );
}
