import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useCreate, useOne, useUpdate } from '@refinedev/core';
import type { AdminCmsBlock, AdminCmsPage, AdminCmsPreview } from '@shop/contracts';
import { Alert, Box, Button, Checkbox, FormControlLabel, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { api } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { NativeSelect } from '../ui/NativeSelect.tsx';
import { Page } from '../ui/Page.tsx';
import { Section } from '../ui/Section.tsx';
import { bodyOf, formOf, type ContentForm } from './content-form.ts';
import { CONTENT_KINDS, editorPath, placeOf, type ContentKind } from './kinds.ts';
import { PLACES, previewDocument, type Place } from './shop-preview.ts';

type Stored = AdminCmsPage | AdminCmsBlock;

/** A pause in typing before the preview is asked for again. */
const PREVIEW_DELAY_MS = 400;

/** The HTML as the shop would render it, asked of the API after each pause in typing; null until the first answer. */
function usePreview(content: string): { preview: AdminCmsPreview | null; error: unknown } {
  const [state, setState] = useState<{ preview: AdminCmsPreview | null; error: unknown }>({ preview: null, error: null });
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      api<AdminCmsPreview>('POST', '/content/preview', { content })
        .then((preview) => current && setState({ preview, error: null }))
        .catch((error: unknown) => current && setState((previous) => ({ ...previous, error })));
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [content]);
  return state;
}

function Preview({ kind, form }: { kind: ContentKind; form: ContentForm }) {
  const [place, setPlace] = useState<Place | null>(null);
  const shown = place ?? placeOf(kind, form.identifier);
  const { preview, error } = usePreview(form.content);
  const title = form.title || form.identifier || t(CONTENT_KINDS[kind].newLabel);
  const heading = shown === 'page' ? form.contentHeading || form.title : t('content.preview.homeHeading');
  return (
    <Section title={t('content.preview')}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('content.preview.help')}
      </Typography>
      {kind === 'block' && (
        <Box sx={{ mb: 1 }}>
          <NativeSelect label={t('content.preview.placement')} value={shown} onChange={(value) => setPlace(value as Place)} options={PLACES.filter((p) => p !== 'page').map((p) => ({ value: p, label: t(`content.preview.place.${p}`) }))} />
        </Box>
      )}
      <ErrorAlert error={error} />
      {preview?.refusal && (
        // A status, not an alert: it comes and goes while the seller types.
        <Alert severity="warning" role="status" sx={{ mb: 1 }}>
          {t('content.preview.wouldRefuse')} {preview.refusal}
        </Alert>
      )}
      {preview ? (
        <Box
          component="iframe"
          title={t('content.preview.frame', { title })}
          sandbox=""
          srcDoc={previewDocument(shown, preview.html, heading, title)}
          sx={{ display: 'block', width: '100%', height: { xs: 420, md: 560 }, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#f5f7fa' }}
        />
      ) : (
        <Typography role="status">{t('content.preview.loading')}</Typography>
      )}
    </Section>
  );
}

function Editor({ kind, stored, justSaved = false }: { kind: ContentKind; stored: Stored | null; justSaved?: boolean }) {
  const navigate = useNavigate();
  const { mutateAsync: create } = useCreate<Stored>();
  const { mutateAsync: update } = useUpdate<Stored>();
  const [saved, setSaved] = useState<Stored | null>(stored);
  const [form, setForm] = useState<ContentForm>(() => formOf(stored));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState(justSaved);
  const set = <K extends keyof ContentForm>(name: K, value: ContentForm[K]) => {
    setNotice(false);
    setForm((current) => ({ ...current, [name]: value }));
  };
  const resource = `content/${CONTENT_KINDS[kind].api}`;
  const page = kind === 'page';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(false);
    setBusy(true);
    try {
      const values = bodyOf(form, kind, saved ? formOf(saved) : null);
      const { data } = saved ? await update({ resource, id: saved.id, values }) : await create({ resource, values });
      setSaved(data);
      setForm(formOf(data));
      setNotice(true);
      // A new one moves to its own address, saying it was saved there.
      if (!saved) navigate(editorPath(kind, data.id), { replace: true, state: { saved: true } });
    } catch (problem) {
      setError(problem);
    } finally {
      setBusy(false);
    }
  }

  const text = (name: 'title' | 'identifier' | 'contentHeading' | 'metaTitle' | 'metaDescription' | 'metaKeywords', extra: { required?: boolean; helperText?: string; multiline?: boolean } = {}) => (
    <TextField
      label={t(`content.field.${name}`)}
      value={form[name]}
      onChange={(e) => set(name, e.target.value)}
      required={extra.required}
      helperText={extra.helperText}
      multiline={extra.multiline}
      fullWidth
    />
  );
  const shopPath = saved && 'shopPath' in saved ? saved.shopPath : null;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Paper component="form" onSubmit={submit} noValidate aria-label={t('content.form')} sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack spacing={2}>
          {text('title', { required: true })}
          {text('identifier', {
            required: true,
            helperText: page ? t('content.help.identifierPage', { path: `/i/${form.identifier || '…'}` }) : t('content.help.identifierBlock'),
          })}
          <FormControlLabel control={<Checkbox checked={form.active} onChange={(e) => set('active', e.target.checked)} />} label={t('content.field.active')} />
          {page && text('contentHeading', { helperText: t('content.help.contentHeading') })}
          <TextField
            label={t('content.field.content')}
            value={form.content}
            onChange={(e) => set('content', e.target.value)}
            helperText={t('content.help.content')}
            multiline
            minRows={12}
            maxRows={30}
            fullWidth
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 14 } } }}
          />
          {page && (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
              <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
                {t('content.seo')}
              </Typography>
              {text('metaTitle')}
              {text('metaDescription', { multiline: true })}
              {text('metaKeywords')}
            </Box>
          )}
          <ErrorAlert error={error} />
          <div role="status">{notice && <Alert severity="success">{t('content.saved')}</Alert>}</div>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? t('content.saving') : t('content.save')}
            </Button>
            {shopPath && saved?.active && (
              <Link href={shopPath} target="_blank" rel="noopener">
                {t('content.viewInShop')}
                <span className="visually-hidden"> {t('content.newTab')}</span>
              </Link>
            )}
            {saved?.updatedAt && (
              <Typography variant="body2" color="text.secondary">
                {t('content.updated', { date: formatDateTime(saved.updatedAt) })}
              </Typography>
            )}
          </Stack>
        </Stack>
      </Paper>
      <Preview kind={kind} form={form} />
    </Box>
  );
}

/** A CMS page or block (`:id`, or the form of a new one): its fields, its HTML, and the shop's rendering of it beside them. */
export default function ContentEditor({ kind }: { kind: ContentKind }) {
  const raw = useParams()['id'] ?? '';
  const justSaved = (useLocation().state as { saved?: boolean } | null)?.saved === true;
  const fresh = raw === CONTENT_KINDS[kind].fresh;
  const { query, result } = useOne<Stored>({ resource: `content/${CONTENT_KINDS[kind].api}`, id: raw, queryOptions: { enabled: !fresh } });
  const name = result?.title || result?.identifier;
  const title = fresh ? t(CONTENT_KINDS[kind].newLabel) : name ? t(CONTENT_KINDS[kind].editLabel, { title: name }) : t('content.title');
  return (
    <Page title={title}>
      <Link component={RouterLink} to={`/contenuti${kind === 'block' ? '?tipo=blocchi' : ''}`} sx={{ display: 'inline-block', mb: 2 }}>
        {t('content.back')}
      </Link>
      {fresh ? (
        <Editor kind={kind} stored={null} />
      ) : result ? (
        <Editor key={result.id} kind={kind} stored={result} justSaved={justSaved} />
      ) : (
        <>
          <ErrorAlert error={query.error} />
          {query.isLoading && <Typography role="status">{t('app.loading')}</Typography>}
        </>
      )}
    </Page>
  );
}
