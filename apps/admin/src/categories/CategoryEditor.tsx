import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useOne } from '@refinedev/core';
import { CATEGORY_ROBOTS, type AdminCategory, type AdminCmsBlockOption } from '@shop/contracts';
import { Alert, Box, Button, Checkbox, FormControlLabel, Paper, TextField, Typography } from '@mui/material';
import { api } from '../api.ts';
import { t } from '../i18n/translate.ts';
import { ActionDialog } from '../ui/ActionDialog.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { NativeSelect } from '../ui/NativeSelect.tsx';
import { bodyOf, formOf, type CategoryForm } from './category-form.ts';
import { isMovable, moveTargets, placeOf, placesIn, type CategoryIndex } from './category-tree.ts';

/** A live region that is always there (an alert that appears with its text is not always read). */
function Notice({ text }: { text: string | null }) {
  return <div role="status">{text && <Alert severity="success" sx={{ my: 1 }}>{text}</Alert>}</div>;
}

/** The options of a CMS block field: none, each block, and the stored value if no block has it any more. */
function blockOptions(blocks: readonly AdminCmsBlockOption[], current: string) {
  const options = [{ value: '', label: t('categories.block.none') }, ...blocks.map((b) => ({ value: b.identifier, label: t(b.active ? 'categories.block.option' : 'categories.block.inactive', { title: b.title, identifier: b.identifier }) }))];
  return current && !blocks.some((b) => b.identifier === current) ? [...options, { value: current, label: current }] : options;
}

/** The fields of a category page; saved as a PATCH of what changed. */
function EditForm({ category, blocks, onSaved }: { category: AdminCategory; blocks: readonly AdminCmsBlockOption[]; onSaved: () => Promise<void> }) {
  const [loaded, setLoaded] = useState<CategoryForm>(() => formOf(category));
  const [form, setForm] = useState<CategoryForm>(loaded);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const set = <K extends keyof CategoryForm>(name: K, value: CategoryForm[K]) => setForm((current) => ({ ...current, [name]: value }));
  const setPair = (i: number, half: 'question' | 'answer', value: string) => setForm((current) => ({ ...current, faq: current.faq.map((pair, j) => (j === i ? { ...pair, [half]: value } : pair)) }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const body = bodyOf(form, loaded);
      if (Object.keys(body).length === 0) {
        setNotice(t('categories.unchanged'));
        return;
      }
      const saved = formOf(await api<AdminCategory>('PATCH', `/categories/${category.id}`, body));
      setLoaded(saved);
      setForm(saved);
      setNotice(t('categories.saved'));
      await onSaved();
    } catch (problem) {
      setError(problem);
    } finally {
      setBusy(false);
    }
  }
  const robots = [{ value: '', label: t('categories.robots.default') }, ...CATEGORY_ROBOTS.map((value) => ({ value, label: t(`categories.robots.${value}`) }))];
  if (form.robots && !CATEGORY_ROBOTS.some((value) => value === form.robots)) robots.push({ value: form.robots, label: form.robots });
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
      <TextField required label={t('categories.field.name')} value={form.name} onChange={(e) => set('name', e.target.value)} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        <FormControlLabel control={<Checkbox checked={form.isActive} onChange={(e) => set('isActive', e.target.checked)} />} label={t('categories.field.isActive')} />
        <FormControlLabel control={<Checkbox checked={form.includeInMenu} onChange={(e) => set('includeInMenu', e.target.checked)} />} label={t('categories.field.includeInMenu')} />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
        <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
          {t('categories.seo')}
        </Typography>
        <TextField label={t('categories.field.metaTitle')} value={form.metaTitle} onChange={(e) => set('metaTitle', e.target.value)} />
        <TextField multiline minRows={2} label={t('categories.field.metaDescription')} value={form.metaDescription} onChange={(e) => set('metaDescription', e.target.value)} />
        <NativeSelect label={t('categories.field.robots')} value={form.robots} onChange={(value) => set('robots', value)} options={robots} />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
        <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
          {t('categories.content')}
        </Typography>
        <TextField multiline minRows={3} label={t('categories.field.shortDescription')} value={form.shortDescription} onChange={(e) => set('shortDescription', e.target.value)} helperText={t('categories.help.shortDescription')} />
        <NativeSelect label={t('categories.field.cmsBlockTop')} value={form.cmsBlockTop} onChange={(value) => set('cmsBlockTop', value)} options={blockOptions(blocks, form.cmsBlockTop)} />
        <NativeSelect label={t('categories.field.cmsBlockBottom')} value={form.cmsBlockBottom} onChange={(value) => set('cmsBlockBottom', value)} options={blockOptions(blocks, form.cmsBlockBottom)} />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
        <Typography component="legend" variant="h6">
          {t('categories.faq')}
        </Typography>
        <Typography variant="body2">{t('categories.faqHelp')}</Typography>
        {form.faq.map((pair, i) => (
          <Box key={i} sx={{ display: 'grid', gap: 1 }}>
            <TextField multiline label={t('categories.field.question', { n: i + 1 })} value={pair.question} onChange={(e) => setPair(i, 'question', e.target.value)} />
            <TextField multiline label={t('categories.field.answer', { n: i + 1 })} value={pair.answer} onChange={(e) => setPair(i, 'answer', e.target.value)} />
          </Box>
        ))}
      </Box>
      <ErrorAlert error={error} />
      <Notice text={notice} />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('categories.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** "Sposta dentro…": a new parent (the root's tree, not the category nor below it) and a place among its children. */
function MoveDialog({ category, index, rootId, onClose, move }: { category: AdminCategory; index: CategoryIndex; rootId: number; onClose: () => void; move: (parentId: number, position: number | undefined) => Promise<void> }) {
  const targets = moveTargets(index, category.id, rootId);
  const [parent, setParent] = useState(String(category.parentId ?? rootId));
  const [position, setPosition] = useState('');
  const places = placesIn(index, Number(parent), category.id);
  return (
    <ActionDialog title={t('categories.moveTitle', { name: category.name })} open onClose={onClose} submitLabel={t('categories.move')} onSubmit={() => move(Number(parent), position === '' ? undefined : Number(position))}>
      <NativeSelect
        label={t('categories.field.parent')}
        value={parent}
        onChange={(value) => {
          setParent(value);
          setPosition('');
        }}
        options={targets.map(({ category: c, depth }) => ({ value: String(c.id), label: `${'— '.repeat(depth)}${c.name}` }))}
      />
      <NativeSelect
        label={t('categories.field.position')}
        value={position}
        onChange={setPosition}
        options={[{ value: '', label: t('categories.position.last') }, ...Array.from({ length: places }, (_, i) => ({ value: String(i + 1), label: t('categories.position.n', { n: i + 1 }) }))]}
      />
    </ActionDialog>
  );
}

/**
 * Where the category stands, and the buttons that move it: up and down among its siblings, or
 * into another category. The buttons stay focusable at the ends (a disabled button would drop
 * the keyboard's focus after the last move): pressing one there says why nothing moved.
 */
function Placement({ category, index, rootId, onMoved }: { category: AdminCategory; index: CategoryIndex; rootId: number; onMoved: () => Promise<void> }) {
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [dialog, setDialog] = useState(false);
  const busy = useRef(false);
  const place = placeOf(index, category.id);
  if (!isMovable(index, category.id, rootId) || !place.parent) return <Typography>{t('categories.rootFixed')}</Typography>;
  const parent = place.parent;
  async function move(parentId: number, position: number | undefined) {
    const of = placesIn(index, parentId, category.id);
    const moved = await api<AdminCategory>('POST', `/categories/${category.id}/move`, position === undefined ? { parentId } : { parentId, position });
    await onMoved();
    setNotice(t('categories.moved', { name: moved.name, position: position ?? of, of, parent: index.byId.get(parentId)?.name ?? '' }));
  }
  async function step(by: -1 | 1) {
    setError(null);
    if (by < 0 && place.position <= 1) return setNotice(t('categories.first', { name: category.name }));
    if (by > 0 && place.position >= place.of) return setNotice(t('categories.last', { name: category.name }));
    if (busy.current) return;
    busy.current = true;
    try {
      await move(parent.id, place.position + by);
    } catch (problem) {
      setError(problem);
    } finally {
      busy.current = false;
    }
  }
  return (
    <Box>
      <Typography>{t('categories.placeText', { position: place.position, of: place.of, parent: parent.name })}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button variant="outlined" aria-disabled={place.position <= 1} onClick={() => void step(-1)}>
          {t('categories.moveUp')}
        </Button>
        <Button variant="outlined" aria-disabled={place.position >= place.of} onClick={() => void step(1)}>
          {t('categories.moveDown')}
        </Button>
        <Button variant="outlined" onClick={() => setDialog(true)}>
          {t('categories.moveInto')}
        </Button>
      </Box>
      <ErrorAlert error={error} />
      <Notice text={notice} />
      {dialog && <MoveDialog category={category} index={index} rootId={rootId} onClose={() => setDialog(false)} move={move} />}
    </Box>
  );
}

interface EditorProps {
  id: number;
  index: CategoryIndex;
  rootId: number;
  blocks: readonly AdminCmsBlockOption[];
  /** The seller picked the category just now: the focus goes to its heading. */
  focus: boolean;
  /** After a save or a move: the tree is read again. */
  onChanged: () => Promise<void>;
}

/** One category: its address and products, its place in the tree, the form of its page. */
export function CategoryEditor({ id, index, rootId, blocks, focus, onChanged }: EditorProps) {
  const { query, result: category } = useOne<AdminCategory>({ resource: 'categories', id });
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = category !== undefined;
  useEffect(() => {
    if (focus && loaded) heading.current?.focus();
  }, [focus, loaded]);
  if (!category) {
    return (
      <Paper sx={{ p: 2 }}>
        <ErrorAlert error={query.error} />
        {query.isLoading && <Typography role="status">{t('app.loading')}</Typography>}
      </Paper>
    );
  }
  const changed = async () => {
    await Promise.all([query.refetch(), onChanged()]);
  };
  return (
    <Paper component="section" aria-labelledby="categoria-scelta" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id="categoria-scelta" ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ outline: 'none', mb: 1 }}>
        {t('categories.edit', { name: category.name })}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
        <dt>{t('categories.address')}</dt>
        <dd>
          <code>/c/{category.slug}</code>
          <Typography variant="body2" color="text.secondary">
            {t('categories.addressHelp')}
          </Typography>
        </dd>
        <dt>{t('categories.id')}</dt>
        <dd>{category.id}</dd>
        <dt>{t('categories.productCount')}</dt>
        <dd>{category.productCount}</dd>
      </Box>
      <Box component="section" aria-labelledby="categoria-posizione" sx={{ mb: 3 }}>
        <Typography id="categoria-posizione" variant="h6" component="h3">
          {t('categories.place')}
        </Typography>
        <Placement key={category.id} category={category} index={index} rootId={rootId} onMoved={changed} />
      </Box>
      <EditForm key={category.id} category={category} blocks={blocks} onSaved={changed} />
    </Paper>
  );
}
