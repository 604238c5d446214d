import { Box, useMediaQuery, type Theme } from '@mui/material';
import LabelIcon from '@mui/icons-material/Label';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BooleanInput,
  Button,
  Create,
  CreateButton,
  DataTable,
  Edit,
  ExportButton,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  TopToolbar,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import {
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import { Link } from 'react-router-dom';
import {
  ZCreateBlogPostBody,
  ZUpdateBlogPostBody,
  type BlogPost,
  type BlogPostRow,
} from '@tourdesk/contracts/web-content.schema';
import { formRow } from '../../shared/form-row.ts';
import { DateInput } from '../../ui/date-input.tsx';
import { DateTextField } from '../../ui/formatted-fields.tsx';
import { formatDate } from '@tourdesk/contracts/format';
import { SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { ActiveChip, activeChoices } from '../../shared/active-state.tsx';
import { labelCell, useCsvExporter, type CsvColumn } from '../../ui/csv-export.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { BlogImagesInput, type PickedImage } from './blog-images-input.tsx';
import { ImagePickerDialog } from '../../shared/image-picker.tsx';
import { useHasAnyPermission } from '../../lib/permissions.ts';

const TYPES = 'internet/blog/type';

/**
 * Only what the server's allowlist keeps (lib/rich-text.ts): no colours, alignment or images in the text. The
 * heading select is left out: its menu button fails axe (its accessible name differs from its visible text).
 */
export const richTextToolbar = (
  <RichTextInputToolbar size="small">
    <FormatButtons size="small" />
    <ListButtons size="small" />
    <LinkButtons size="small" />
    <QuoteButtons size="small" />
    <ClearButtons size="small" />
  </RichTextInputToolbar>
);

const postTitle = (record: BlogPost) => record.title;
const createResolver = zodResolver(ZCreateBlogPostBody);
const updateResolver = zodResolver(ZUpdateBlogPostBody);

const exportColumns: Array<CsvColumn<BlogPostRow>> = [
  { label: 'blog.fields.id', value: (record) => record.id },
  { label: 'blog.fields.title', value: (record) => record.title },
  { label: 'blog.fields.subtitle', value: (record) => record.subtitle },
  { label: 'blog.fields.id_web_blog_type', value: (record) => record.type_title },
  { label: 'blog.fields.display_date', value: (record) => record.display_date },
  { label: 'blog.fields.status', value: (record, t) => labelCell(t, 'blog.status', String(record.active)) },
  { label: 'blog.fields.image_count', value: (record) => record.image_count },
];

// Status and type filter nothing until chosen (spec §4 "Blog filters: status and type default to none").
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="active" source="active" label="blog.fields.status" choices={activeChoices('blog.status')} />,
  <ReferenceInput
    key="type"
    source="id_web_blog_type"
    reference={TYPES}
    perPage={200}
    sort={{ field: 'title', order: 'ASC' }}
  >
    <SelectInput label="blog.fields.id_web_blog_type" optionText="title" />
  </ReferenceInput>,
];

function BlogListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <Button component={Link} to="/internet/blog/type" label="blog.types">
        <LabelIcon />
      </Button>
      <CreateButton />
      <ExportButton />
    </TopToolbar>
  );
}

/** /internet/blog: search, filter by status and type, sort by date, title or type, CSV export. */
export function BlogList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const exporter = useCsvExporter(exportColumns);
  return (
    <List
      filters={filters}
      actions={<BlogListActions />}
      exporter={exporter}
      sort={{ field: 'display_date', order: 'DESC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.title}
          secondaryText={(record) =>
            [record.type_title, record.display_date ? formatDate(record.display_date) : null]
              .filter(Boolean)
              .join(' · ')
          }
          tertiaryText={(record) => translate(`blog.status.${String(record.active)}`)}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="title" label="blog.fields.title" />
          <DataTable.Col source="type_title" label="blog.fields.id_web_blog_type" />
          <DataTable.Col source="display_date" label="blog.fields.display_date">
            <DateTextField source="display_date" />
          </DataTable.Col>
          <DataTable.Col
            source="active"
            label="blog.fields.status"
            render={(record) => <ActiveChip active={record.active} prefix="blog.status" />}
          />
          <DataTable.NumberCol source="image_count" label="blog.fields.image_count" />
        </DataTable>
      )}
    </List>
  );
}

/** Opens the image database's picker (for those who may read it) and hands the chosen images over. */
function PickImagesButton({ onPick }: { onPick: (images: readonly PickedImage[]) => void }) {
  const [open, setOpen] = useState(false);
  const mayRead = useHasAnyPermission(['imagedb-read']);
  if (!mayRead) return null;
  return (
    <>
      <Button label="blog.images.add" onClick={() => setOpen(true)} variant="outlined">
        <AddPhotoAlternateIcon />
      </Button>
      <ImagePickerDialog
        open={open}
        multiple
        onClose={() => setOpen(false)}
        onPick={(items) => {
          setOpen(false);
          onPick(items.map((item) => ({ id: item.id, name: item.name, thumbUrl: item.thumbUrl })));
        }}
      />
    </>
  );
}

/** Title, subtitle, type, date, status, the rich text and the images of a post. */
function BlogForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="title" label="blog.fields.title" isRequired />
        <TextInput source="subtitle" label="blog.fields.subtitle" />
      </Box>
      <Box sx={formRow}>
        <ReferenceInput
          source="id_web_blog_type"
          reference={TYPES}
          perPage={200}
          sort={{ field: 'title', order: 'ASC' }}
        >
          <SelectInput label="blog.fields.id_web_blog_type" optionText="title" isRequired />
        </ReferenceInput>
        <DateInput source="display_date" label="blog.fields.display_date" />
      </Box>
      <BooleanInput source="active" label="blog.fields.status" defaultValue={false} helperText="blog.help.status" />
      <Box sx={{ width: '100%', maxWidth: 760 }}>
        <RichTextInput source="body" label="blog.fields.body" toolbar={richTextToolbar} fullWidth />
      </Box>
      <BlogImagesInput renderAdd={(add) => <PickImagesButton onPick={add} />} />
    </SimpleForm>
  );
}

export function BlogCreate() {
  const saved = useSavedNotice('blog.notifications.saved', postTitle, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <BlogForm resolver={createResolver} />
    </Create>
  );
}

export function BlogEdit() {
  const saved = useSavedNotice('blog.notifications.saved', postTitle);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <BlogForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
