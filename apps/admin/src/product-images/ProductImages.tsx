import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ADMIN_IMAGE_MESSAGES, IMAGE_UPLOAD_TYPES, MAX_IMAGE_UPLOAD_BYTES, type AdminProductImages, type AdminProductImagesWrite } from '@shop/contracts';
import { Alert, Box, Button, FormControlLabel, Link, Paper, Radio, Stack, TextField, Typography } from '@mui/material';
import { api, ApiError, upload } from '../api.ts';
import { t } from '../i18n/translate.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';
import { draftOf, isChanged, move, patchOf, remove, setAlt, setMain, thumbnailSrc, withUploaded, type DraftImage, type ImageDraft } from './image-draft.ts';

const TYPE_NAMES: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP' };
const kilobytes = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });
const megabytes = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${kilobytes.format(Math.max(1, bytes / 1024))} kB` : `${megabytes.format(bytes / (1024 * 1024))} MB`);

/** A live region that is always there (an alert that appears with its text is not always read). */
function Notice({ text, severity = 'success' }: { text: string | null; severity?: 'success' | 'info' }) {
  return <div role="status">{text && <Alert severity={severity} sx={{ my: 1 }}>{text}</Alert>}</div>;
}

/** The upload form: a native file input (the platform's own keyboard and phone pickers), an optional alternative text. */
function UploadForm({ sku, onUploaded }: { sku: string; onUploaded: (answer: AdminProductImagesWrite) => void }) {
  const file = useRef<HTMLInputElement>(null);
  const [alt, setAltText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const chosen = file.current?.files?.[0];
    // Said here at once, as the API would: a file over the limit is not sent at all.
    if (!chosen) return setError(new ApiError(400, t('images.upload.none')));
    if (chosen.size > MAX_IMAGE_UPLOAD_BYTES) return setError(new ApiError(413, ADMIN_IMAGE_MESSAGES.tooLarge));
    setBusy(true);
    try {
      const query = alt.trim() ? `?alt=${encodeURIComponent(alt.trim())}` : '';
      onUploaded(await upload<AdminProductImagesWrite>(`/products/${encodeURIComponent(sku)}/images${query}`, chosen));
      if (file.current) file.current.value = '';
      setAltText('');
    } catch (problem) {
      setError(problem);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Paper component="section" aria-labelledby="carica-immagine" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Typography id="carica-immagine" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('images.upload')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <Box>
          <Typography component="label" htmlFor="file-immagine" sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}>
            {t('images.upload.file')}
          </Typography>
          <Box component="input" ref={file} id="file-immagine" name="immagine" type="file" accept={IMAGE_UPLOAD_TYPES.join(',')} sx={{ maxWidth: '100%', font: 'inherit' }} />
        </Box>
        <TextField label={t('images.upload.alt')} value={alt} onChange={(e) => setAltText(e.target.value)} helperText={t('images.upload.altHelp')} slotProps={{ htmlInput: { maxLength: 255 } }} />
        <ErrorAlert error={error} />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('images.upload.busy') : t('images.upload.submit')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

type Focus = { path: string; control: 'up' | 'down' } | 'list';

/** One picture of the draft: its thumbnail (made by the shop's image optimiser), position, main choice, alternative text, moves and removal. */
function ImageItem({ image, n, total, main, name, onMain, onAlt, onMove, onRemove, buttonRef }: {
  image: DraftImage;
  n: number;
  total: number;
  main: boolean;
  name: string;
  onMain: () => void;
  onAlt: (alt: string) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  buttonRef: (control: 'up' | 'down', element: HTMLButtonElement | null) => void;
}) {
  const headingId = `immagine-${n}`;
  const stored = image.upload;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <Box component="img" src={thumbnailSrc(image.src)} alt={image.alt.trim() || t('images.thumbAlt', { n })} width={128} height={128} loading="lazy" sx={{ width: 128, height: 128, objectFit: 'contain', bgcolor: 'grey.100', borderRadius: 1, flexShrink: 0 }} />
      <Box sx={{ flex: '1 1 260px', minWidth: 0, display: 'grid', gap: 1 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('images.position', { n, total })}
          {main && ` · ${t('images.mainBadge')}`}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {stored ? t('images.stored', { width: stored.width, height: stored.height, size: size(stored.byteSize), type: TYPE_NAMES[stored.mimeType] ?? stored.mimeType }) : t('images.imported', { path: image.path })}
        </Typography>
        <FormControlLabel control={<Radio name="immagine-principale" checked={main} onChange={onMain} slotProps={{ input: { 'aria-describedby': headingId } }} />} label={t('images.main')} />
        <TextField size="small" label={t('images.alt')} value={image.alt} onChange={(e) => onAlt(e.target.value)} helperText={t('images.altHelp', { name })} slotProps={{ htmlInput: { maxLength: 255, 'aria-describedby': headingId } }} />
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" size="small" ref={(el) => buttonRef('up', el)} disabled={n === 1} onClick={() => onMove(-1)} aria-label={t('images.upLabel', { n })}>
            {t('images.up')}
          </Button>
          <Button variant="outlined" size="small" ref={(el) => buttonRef('down', el)} disabled={n === total} onClick={() => onMove(1)} aria-label={t('images.downLabel', { n })}>
            {t('images.down')}
          </Button>
          <Button variant="outlined" size="small" color="error" onClick={onRemove} aria-label={t('images.removeLabel', { n })}>
            {t('images.remove')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

/**
 * A product's pictures (/admin/prodotti/:sku/immagini; issue #45 point 1, ADR 0036): an upload is
 * written at once; order, main picture, alternative texts and removals are arranged here and
 * saved together. The focus follows a moved picture; what happened is announced.
 */
export default function ProductImages() {
  const sku = useParams()['sku'] ?? '';
  const [saved, setSaved] = useState<ImageDraft | null>(null);
  const [draft, setDraft] = useState<ImageDraft | null>(null);
  const [name, setName] = useState('');
  const [loadError, setLoadError] = useState<unknown>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const listHeading = useRef<HTMLHeadingElement>(null);
  /** Where the focus goes once the change is on screen. */
  const pendingFocus = useRef<Focus | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const loaded = useCallback((answer: AdminProductImages) => {
    const fresh = draftOf(answer);
    setName(answer.name);
    setSaved(fresh);
    return fresh;
  }, []);

  useEffect(() => {
    api<AdminProductImages>('GET', `/products/${encodeURIComponent(sku)}/images`)
      .then((answer) => setDraft(loaded(answer)))
      .catch(setLoadError);
  }, [sku, loaded]);

  // After a move the focus stays on the moved picture's button (its other one at an end); after a removal, on the list's heading.
  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = null;
    if (focus === 'list') listHeading.current?.focus();
    else {
      const other = focus.control === 'up' ? 'down' : 'up';
      [focus.control, other].map((control) => buttons.current.get(`${focus.path}:${control}`)).find((el) => el && !el.disabled)?.focus();
    }
  });

  const title = name ? t('images.title', { name }) : t('images.titleLoading');
  if (!draft || !saved) {
    return (
      <Page title={title}>
        <ErrorAlert error={loadError} />
        {!loadError && <Typography role="status">{t('app.loading')}</Typography>}
      </Page>
    );
  }

  const change = (next: ImageDraft, said: string | null = null) => {
    setDraft(next);
    setNotice(null);
    setAnnouncement(said);
  };
  const total = draft.images.length;
  const changed = isChanged(draft, saved);

  async function save() {
    if (!draft) return;
    setError(null);
    setNotice(null);
    if (!changed) return setNotice(t('images.unchanged'));
    setBusy(true);
    try {
      const answer = await api<AdminProductImagesWrite>('PATCH', `/products/${encodeURIComponent(sku)}/images`, patchOf(draft));
      setDraft(loaded(answer));
      setNotice(t('images.saved'));
      requestAnimationFrame(() => noticeRef.current?.focus());
    } catch (problem) {
      setError(problem);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page
      title={title}
      actions={
        <Link component={RouterLink} to={`/prodotti/${encodeURIComponent(sku)}`}>
          {t('images.back', { sku })}
        </Link>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('images.intro')}</Typography>
      <UploadForm
        sku={sku}
        onUploaded={(answer) => {
          const before = saved.images.length;
          const savedNow = loaded(answer);
          setDraft(withUploaded(draft, answer));
          setError(null);
          setAnnouncement(null);
          setNotice(t(savedNow.images.length > before ? 'images.upload.done' : 'images.upload.again'));
        }}
      />
      <Paper component="section" aria-labelledby="elenco-immagini" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Typography id="elenco-immagini" ref={listHeading} tabIndex={-1} variant="h6" component="h2" sx={{ mb: 1, outline: 'none' }}>
          {t('images.list', { count: total })}
        </Typography>
        <Box ref={noticeRef} tabIndex={-1} sx={{ outline: 'none' }}>
          <Notice text={notice} />
        </Box>
        <Notice text={announcement} severity="info" />
        {total === 0 ? (
          <Typography color="text.secondary">{t('images.empty')}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {draft.images.map((image, i) => (
              <li key={image.path}>
                <ImageItem
                  image={image}
                  n={i + 1}
                  total={total}
                  main={draft.main === image.path}
                  name={name}
                  onMain={() => change(setMain(draft, image.path))}
                  onAlt={(alt) => change(setAlt(draft, image.path, alt))}
                  onMove={(delta) => {
                    change(move(draft, i, delta), t('images.moved', { n: i + 1 + delta, total }));
                    pendingFocus.current = { path: image.path, control: delta < 0 ? 'up' : 'down' };
                  }}
                  onRemove={() => {
                    change(remove(draft, image.path), t('images.removed'));
                    pendingFocus.current = 'list';
                  }}
                  buttonRef={(control, element) => {
                    const key = `${image.path}:${control}`;
                    if (element) buttons.current.set(key, element);
                    else buttons.current.delete(key);
                  }}
                />
              </li>
            ))}
          </Box>
        )}
        {changed && (
          <Typography sx={{ mt: 2, fontWeight: 500 }} role="note">
            {t('images.unsaved')}
          </Typography>
        )}
        <ErrorAlert error={error} />
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Button variant="contained" onClick={save} disabled={busy}>
            {t('images.save')}
          </Button>
          <Button variant="text" onClick={() => change(saved)} disabled={busy || !changed}>
            {t('images.reset')}
          </Button>
        </Stack>
      </Paper>
    </Page>
  );
}
