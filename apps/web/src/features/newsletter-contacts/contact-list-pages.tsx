import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  IconButton,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VerifiedIcon from '@mui/icons-material/Verified';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  Pagination,
  ReferenceManyField,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import {
  CERTIFICATION_STATEMENTS,
  ZCreateNewsletterListBody,
  ZUpdateNewsletterListBody,
  type CertificationStatement,
  type NewsletterContact,
  type NewsletterList,
} from '@tourdesk/contracts/newsletter-contacts.schema';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api, HttpError } from '../../lib/api-client.ts';
import { formRow } from '../../shared/form-row.ts';
import { SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { ActiveChip, activeChoices } from '../../shared/active-state.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { ContactImportDialog } from './contact-import-dialog.tsx';
import { SubscriptionChip } from './contact-pages.tsx';

const listName = (record: NewsletterList) => record.name;
const createResolver = zodResolver(ZCreateNewsletterListBody);
const updateResolver = zodResolver(ZUpdateNewsletterListBody);

function CertifiedChip({ record }: { record: NewsletterList }) {
  const translate = useTranslate();
  return record.certified ? (
    <Chip size="small" color="success" icon={<VerifiedIcon />} label={translate('newsletterLists.certified.true')} />
  ) : (
    <Chip size="small" color="warning" label={translate('newsletterLists.certified.false')} />
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="certified"
    source="certified"
    label="newsletterLists.fields.certified"
    choices={activeChoices('newsletterLists.certified')}
  />,
  <SelectInput
    key="active"
    source="active"
    label="newsletterLists.fields.active"
    choices={activeChoices('newsletterLists.active')}
  />,
];

/** /newsletter/contactslist: name, status, certification and contact count (spec §3 "Mail contact list"). */
export function ContactListList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record: NewsletterList) => record.name}
          secondaryText={(record: NewsletterList) =>
            translate('newsletterLists.contacts', { smart_count: record.contactCount })
          }
          tertiaryText={(record: NewsletterList) => translate(`newsletterLists.certified.${String(record.certified)}`)}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="id" label="newsletterLists.fields.id" />
          <DataTable.Col source="name" label="newsletterLists.fields.name" />
          <DataTable.NumberCol source="contactCount" label="newsletterLists.fields.contactCount" />
          <DataTable.Col
            source="active"
            label="newsletterLists.fields.active"
            render={(record: NewsletterList) => <ActiveChip active={record.active} prefix="newsletterLists.active" />}
          />
          <DataTable.Col
            source="certifiedAt"
            label="newsletterLists.fields.certified"
            render={(record: NewsletterList) => <CertifiedChip record={record} />}
          />
        </DataTable>
      )}
    </List>
  );
}

function ListForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="name" label="newsletterLists.fields.name" isRequired />
      </Box>
      <BooleanInput source="active" label="newsletterLists.fields.active" defaultValue />
    </SimpleForm>
  );
}

export function ContactListCreate() {
  const saved = useSavedNotice('newsletterLists.notifications.saved', listName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <ListForm resolver={createResolver} />
    </Create>
  );
}

const fieldErrorOf = (error: unknown, field: string): string | null => {
  if (!(error instanceof HttpError)) return 'error.unexpected';
  const fields = (error.body as { errors?: Record<string, string> } | undefined)?.errors;
  return fields?.[field] ?? error.message;
};

/** Certification (spec §5): a dialog with the five statements; all must be confirmed. */
function CertificationPanel() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const notify = useNotify();
  const record = useRecordContext<NewsletterList>();
  const [open, setOpen] = useState(false);
  const [checked, setChecked] = useState<Record<CertificationStatement, boolean>>(
    () =>
      Object.fromEntries(CERTIFICATION_STATEMENTS.map((key) => [key, false])) as Record<
        CertificationStatement,
        boolean
      >,
  );
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const all = CERTIFICATION_STATEMENTS.every((key) => checked[key]);
  const certify = async () => {
    setBusy(true);
    try {
      await api(`/newsletter/lists/${record.id}/certification`, { method: 'POST', body: checked });
      notify('newsletterLists.certification.done', { type: 'info', messageArgs: { name: record.name } });
      setOpen(false);
      refresh();
    } catch (error) {
      notify(error instanceof HttpError ? error.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" sx={{ m: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {translate('newsletterLists.certification.title')}
        </Typography>
        {record.certified ? (
          <Alert severity="success" icon={<VerifiedIcon />}>
            {translate('newsletterLists.certification.certifiedBy', {
              at: formatDateTime(record.certifiedAt),
              name: record.certifiedByName || '—',
            })}
          </Alert>
        ) : (
          <Alert severity="warning">{translate('newsletterLists.certification.missing')}</Alert>
        )}
        <Button sx={{ mt: 2 }} variant={record.certified ? 'outlined' : 'contained'} onClick={() => setOpen(true)}>
          {translate(record.certified ? 'newsletterLists.certification.again' : 'newsletterLists.certification.open')}
        </Button>
      </CardContent>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        aria-labelledby="certify-title"
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id="certify-title">{translate('newsletterLists.certification.dialogTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate('newsletterLists.certification.intro')}</DialogContentText>
          <FormGroup>
            {CERTIFICATION_STATEMENTS.map((key) => (
              <FormControlLabel
                key={key}
                sx={{ alignItems: 'flex-start', mb: 1 }}
                control={
                  <Checkbox
                    checked={checked[key]}
                    onChange={(event) => setChecked({ ...checked, [key]: event.target.checked })}
                    sx={{ pt: 0 }}
                  />
                }
                label={translate(`newsletterLists.certification.statements.${key}`)}
              />
            ))}
          </FormGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void certify()} disabled={!all || busy}>
            {translate('newsletterLists.certification.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

/** Adds one address by hand; "already in this list" shows at the field. */
function AddMemberForm({ listId }: { listId: number }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api(`/newsletter/lists/${listId}/members`, { method: 'POST', body: { email } });
      notify('newsletterLists.members.added', { type: 'info', messageArgs: { email } });
      setEmail('');
      refresh();
    } catch (failure) {
      setError(fieldErrorOf(failure, 'email'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        size="small"
        type="email"
        label={translate('newsletterLists.members.email')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error !== null}
        helperText={error ? translate(error) : ' '}
        sx={{ flex: '1 1 280px', maxWidth: 420 }}
      />
      <Button type="submit" variant="contained" disabled={busy || email.trim() === ''}>
        {translate('newsletterLists.members.add')}
      </Button>
    </Box>
  );
}

type FilterKind = 'category' | 'agency' | 'flag';

/** Adds customers by a filter: travelled with a journey of a category, of an agency, or with the newsletter flag. */
function CustomerFilterDialog({ open, onClose, listId }: { open: boolean; onClose: () => void; listId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [kind, setKind] = useState<FilterKind>('flag');
  const [value, setValue] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const { data: categories } = useGetList(
    'internet/categories',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open && kind === 'category' },
  );
  const { data: agencies } = useGetList(
    'agencies',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open && kind === 'agency' },
  );
  const choices = (kind === 'category' ? categories : agencies) ?? [];
  const body =
    kind === 'flag'
      ? { newsletterFlag: true }
      : value === ''
        ? null
        : kind === 'category'
          ? { categoryId: value }
          : { agencyId: value };
  const add = async () => {
    if (!body) return;
    setBusy(true);
    try {
      const result = await api<{ added: number; created: number; total: number }>(
        `/newsletter/lists/${listId}/members/from-customers`,
        { method: 'POST', body },
      );
      notify('newsletterLists.members.fromCustomersDone', { type: 'info', messageArgs: result });
      onClose();
    } catch (error) {
      notify(error instanceof HttpError ? error.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      aria-labelledby="customer-filter-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="customer-filter-title">{translate('newsletterLists.members.fromCustomers')}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          size="small"
          sx={{ mt: 1, mb: 2 }}
          label={translate('newsletterLists.members.filter')}
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as FilterKind);
            setValue('');
          }}
        >
          <MenuItem value="flag">{translate('newsletterLists.members.filters.flag')}</MenuItem>
          <MenuItem value="category">{translate('newsletterLists.members.filters.category')}</MenuItem>
          <MenuItem value="agency">{translate('newsletterLists.members.filters.agency')}</MenuItem>
        </TextField>
        {kind !== 'flag' ? (
          <TextField
            select
            fullWidth
            size="small"
            label={translate(`newsletterLists.members.filters.${kind}Choice`)}
            value={value}
            onChange={(event) => setValue(Number(event.target.value))}
          >
            {choices.map((choice) => (
              <MenuItem key={choice.id} value={Number(choice.id)}>
                {String(choice.name)}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void add()} disabled={busy || !body}>
          {translate('newsletterLists.members.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RemoveMemberButton({ listId }: { listId: number }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const record = useRecordContext<NewsletterContact>();
  if (!record) return null;
  const remove = async () => {
    await api(`/newsletter/lists/${listId}/members/${record.id}`, { method: 'DELETE' });
    refresh();
  };
  return (
    <IconButton
      size="small"
      aria-label={translate('newsletterLists.members.remove', { email: record.email })}
      onClick={(event) => {
        event.stopPropagation();
        void remove();
      }}
    >
      <DeleteIcon fontSize="small" />
    </IconButton>
  );
}

/** The list's members: add by hand, by import or from customers; remove. */
function MembersPanel() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const record = useRecordContext<NewsletterList>();
  const [importing, setImporting] = useState(false);
  const [filtering, setFiltering] = useState(false);
  if (!record) return null;
  return (
    <Card variant="outlined" sx={{ m: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {translate('newsletterLists.members.title', { smart_count: record.contactCount })}
        </Typography>
        <AddMemberForm listId={record.id} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
            {translate('newsletterContacts.import.open')}
          </Button>
          <Button size="small" startIcon={<GroupAddIcon />} onClick={() => setFiltering(true)}>
            {translate('newsletterLists.members.fromCustomers')}
          </Button>
        </Box>
        <ReferenceManyField
          reference="newsletter/contacts"
          target="listId"
          sort={{ field: 'lastName', order: 'ASC' }}
          perPage={25}
          pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
        >
          <DataTable bulkActionButtons={false} rowClick={(id) => `/newsletter/contacts/${id}`}>
            <DataTable.Col source="email" label="newsletterContacts.fields.email" />
            <DataTable.Col source="lastName" label="newsletterContacts.fields.lastName" />
            <DataTable.Col source="firstName" label="newsletterContacts.fields.firstName" />
            <DataTable.Col
              source="subscription"
              label="newsletterContacts.fields.subscription"
              render={(contact: NewsletterContact) => <SubscriptionChip value={contact.subscription} />}
            />
            <DataTable.Col label="" disableSort>
              <RemoveMemberButton listId={record.id} />
            </DataTable.Col>
          </DataTable>
        </ReferenceManyField>
      </CardContent>
      <ContactImportDialog
        open={importing}
        listId={record.id}
        onClose={() => {
          setImporting(false);
          refresh();
        }}
      />
      <CustomerFilterDialog
        open={filtering}
        listId={record.id}
        onClose={() => {
          setFiltering(false);
          refresh();
        }}
      />
    </Card>
  );
}

/** /newsletter/contactslist/{id}: name and status, certification, members. */
export function ContactListEdit() {
  const saved = useSavedNotice('newsletterLists.notifications.saved', listName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <ListForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
      <CertificationPanel />
      <MembersPanel />
    </Edit>
  );
}
