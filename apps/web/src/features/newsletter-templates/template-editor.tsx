import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import DesktopWindowsIcon from '@mui/icons-material/DesktopWindows';
import ImageIcon from '@mui/icons-material/Image';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  Link,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type {
  NewsletterPreview,
  NewsletterTemplateFile,
  NewsletterTemplateType,
} from '@tourdesk/contracts/newsletter-templates.schema';
import { api } from '../../lib/api-client.ts';
import { absoluteImageUrl, TemplateImages } from './template-files.tsx';

/** What the palette inserts at the cursor (the placeholders of features/newsletter/newsletter-message.ts). */
const PLACEHOLDERS = [
  ['salutation', '{{salutation}}'],
  ['title', '{{title}}'],
  ['first_name', '{{first_name}}'],
  ['last_name', '{{last_name}}'],
  ['email', '{{email}}'],
  ['unsubscribe_url', '<a href="{{unsubscribe_url}}">Newsletter abbestellen</a>'],
  ['brand_name', '{{brand_name}}'],
  ['brand_logo', '<mj-image src="{{brand_logo}}" alt="{{brand_name}}" width="180px" />'],
  ['brand_color', '{{brand_color}}'],
  ['brand_address', '{{brand_address}}'],
] as const;

const PREVIEW_WIDTHS = { desktop: 600, phone: 375 } as const;
type PreviewWidth = keyof typeof PREVIEW_WIDTHS;
const DEBOUNCE_MS = 400;
const LINE_HEIGHT = 20;

/** The editor's MJML, compiled by the server a moment after the last keystroke. */
function usePreview(mjml: string, type: NewsletterTemplateType | undefined, brand: number | null | undefined) {
  const [preview, setPreview] = useState<NewsletterPreview | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      api<NewsletterPreview>('/newsletter/templates/preview', {
        method: 'POST',
        body: { mjml, type, id_brand: brand ?? null },
        signal: controller.signal,
      })
        .then((answer) => setPreview(answer))
        .catch(() => undefined)
        .finally(() => setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [mjml, type, brand]);
  return { preview, loading };
}

/**
 * The template's MJML: a monospace text area with line numbers (no code-editor library: a plain text area keeps
 * the browser's own undo, search, spell-check off and screen-reader support, and Tab keeps moving focus), the
 * placeholder palette and images inserted at the cursor, the compiler's problems by line (a click jumps there),
 * and the live preview at mail (600 px) or phone (375 px) width. On a phone the preview comes below the text.
 */
export function MjmlEditorInput() {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'mjml' });
  const type = useWatch({ name: 'type' }) as NewsletterTemplateType | undefined;
  const brand = useWatch({ name: 'id_brand' }) as number | null | undefined;
  const value = typeof field.value === 'string' ? field.value : '';
  const { preview, loading } = usePreview(value, type, brand);
  // On a phone the preview starts at phone width.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [width, setWidth] = useState<PreviewWidth>(narrow ? 'phone' : 'desktop');
  const [imagesOpen, setImagesOpen] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLPreElement>(null);
  const lineCount = useMemo(() => value.split('\n').length, [value]);
  const lineNumbers = useMemo(
    () => Array.from({ length: lineCount }, (_unused, index) => index + 1).join('\n'),
    [lineCount],
  );

  const insert = (text: string) => {
    const area = textarea.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    field.onChange(value.slice(0, start) + text + value.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const goToLine = (line: number) => {
    const area = textarea.current;
    if (!area || line < 1) return;
    const offset =
      value
        .split('\n')
        .slice(0, line - 1)
        .join('\n').length + (line > 1 ? 1 : 0);
    area.focus();
    area.setSelectionRange(offset, offset);
    area.scrollTop = Math.max(0, (line - 3) * LINE_HEIGHT);
  };

  const insertImage = (file: NewsletterTemplateFile) => {
    setImagesOpen(false);
    insert(`<mj-image src="${absoluteImageUrl(file)}" alt="${file.name.replace(/\.[a-z0-9]+$/i, '')}" />`);
  };

  // Ctrl+S or Cmd+S is the browser's "save page": here it does nothing, so the form's Save button stays the way.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 's') event.preventDefault();
  };

  const problems = preview?.problems ?? [];
  const errorText = fieldState.error?.message;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
        width: '100%',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography component="label" htmlFor="template-mjml" variant="subtitle2" sx={{ display: 'block', mb: 0.5 }}>
          {translate('nlTemplates.editor.label')}
        </Typography>
        <Box
          role="group"
          aria-label={translate('nlTemplates.editor.placeholders')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1 }}
        >
          {PLACEHOLDERS.map(([key, text]) => (
            <Chip
              key={key}
              size="small"
              variant="outlined"
              label={translate(`nlTemplates.placeholders.${key}`)}
              onClick={() => insert(text)}
            />
          ))}
          <Chip
            size="small"
            color="primary"
            icon={<ImageIcon />}
            label={translate('nlTemplates.actions.insertImage')}
            onClick={() => setImagesOpen(true)}
          />
        </Box>
        <Box
          sx={{
            display: 'flex',
            border: 1,
            borderColor: errorText ? 'error.main' : 'divider',
            borderRadius: 1,
            overflow: 'hidden',
            height: { xs: 360, lg: 640 },
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: 13,
            lineHeight: `${LINE_HEIGHT}px`,
          }}
        >
          <Box
            component="pre"
            ref={gutter}
            aria-hidden
            sx={{
              m: 0,
              py: 1,
              px: 1,
              textAlign: 'right',
              color: 'text.secondary',
              bgcolor: 'action.hover',
              overflow: 'hidden',
              userSelect: 'none',
              font: 'inherit',
              minWidth: '3.5em',
            }}
          >
            {lineNumbers}
          </Box>
          <Box
            component="textarea"
            id="template-mjml"
            ref={textarea}
            name={field.name}
            value={value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            onKeyDown={onKeyDown}
            onScroll={(event) => {
              if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
            }}
            spellCheck={false}
            wrap="off"
            aria-invalid={Boolean(errorText)}
            aria-describedby="template-mjml-help"
            sx={{
              flex: 1,
              minWidth: 0,
              border: 0,
              outline: 'none',
              resize: 'none',
              py: 1,
              px: 1,
              font: 'inherit',
              color: 'text.primary',
              bgcolor: 'background.paper',
              whiteSpace: 'pre',
              overflow: 'auto',
              '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
            }}
          />
        </Box>
        <FormHelperText id="template-mjml-help" error={Boolean(errorText)}>
          {errorText ? translate(errorText) : translate('nlTemplates.help.mjml')}
        </FormHelperText>
        <Box aria-live="polite" sx={{ mt: 1 }}>
          {preview?.unsubscribeMissing && type === 'marketing' ? (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {translate('nlTemplates.editor.unsubscribeMissing')}
            </Alert>
          ) : null}
          {problems.length > 0 ? (
            <Alert severity="error" data-testid="mjml-problems">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {translate('nlTemplates.editor.problems', { smart_count: problems.length })}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {problems.map((problem, index) => (
                  <li key={`${problem.line}-${index}`}>
                    <Link
                      component="button"
                      type="button"
                      variant="body2"
                      onClick={() => goToLine(problem.line)}
                      aria-label={translate('nlTemplates.actions.goToLine', { line: problem.line })}
                    >
                      {translate('nlTemplates.editor.line', { line: problem.line })}
                    </Link>
                    {`: ${problem.message}`}
                  </li>
                ))}
              </Box>
            </Alert>
          ) : preview ? (
            <Typography variant="body2" color="success.main">
              {translate('nlTemplates.editor.noProblems')}
            </Typography>
          ) : null}
        </Box>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            mb: 1,
            gap: 1,
          }}
        >
          <Typography variant="subtitle2" component="h2">
            {translate('nlTemplates.editor.preview')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={width}
            onChange={(_event, next: PreviewWidth | null) => next && setWidth(next)}
            aria-label={translate('nlTemplates.editor.width')}
          >
            <ToggleButton value="desktop" sx={{ textTransform: 'none' }}>
              <DesktopWindowsIcon fontSize="small" sx={{ mr: 0.5 }} />
              {translate('nlTemplates.editor.desktop')}
            </ToggleButton>
            <ToggleButton value="phone" sx={{ textTransform: 'none' }}>
              <SmartphoneIcon fontSize="small" sx={{ mr: 0.5 }} />
              {translate('nlTemplates.editor.phone')}
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
          {loading ? translate('nlTemplates.editor.loading') : translate('nlTemplates.editor.sample')}
        </Typography>
        {/* Scrolls sideways when the chosen width is wider than the room: reachable with the keyboard. */}
        <Box
          role="region"
          aria-label={translate('nlTemplates.editor.preview')}
          tabIndex={0}
          sx={{ overflowX: 'auto', bgcolor: 'action.hover', borderRadius: 1, p: 1 }}
        >
          <Box
            component="iframe"
            title={translate('nlTemplates.editor.previewTitle')}
            data-testid="template-preview"
            data-width={PREVIEW_WIDTHS[width]}
            sandbox=""
            srcDoc={preview?.html ?? ''}
            sx={{
              display: 'block',
              mx: 'auto',
              width: PREVIEW_WIDTHS[width],
              maxWidth: 'none',
              height: { xs: 560, lg: 640 },
              border: 1,
              borderColor: 'divider',
              bgcolor: '#fff',
            }}
          />
        </Box>
      </Box>
      <Dialog open={imagesOpen} onClose={() => setImagesOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>{translate('nlTemplates.actions.insertImage')}</DialogTitle>
        <DialogContent>
          <TemplateImages onInsert={insertImage} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setImagesOpen(false)}>{translate('nlTemplates.actions.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
