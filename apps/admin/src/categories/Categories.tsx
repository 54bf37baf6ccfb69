import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCustom } from '@refinedev/core';
import type { AdminCategoryNode, AdminCategoryTree } from '@shop/contracts';
import { Box, Button, Paper, Typography } from '@mui/material';
import { t } from '../i18n/translate.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';
import { CategoryEditor } from './CategoryEditor.tsx';
import { indexTree, lineage, type CategoryIndex } from './category-tree.ts';

interface TreeProps {
  index: CategoryIndex;
  selected: number | null;
  open: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onSelect: (id: number) => void;
}

function stateText(c: AdminCategoryNode): string {
  return [c.productCount === 1 ? t('categories.product') : t('categories.products', { count: c.productCount }), !c.isActive && t('categories.inactive'), !c.includeInMenu && t('categories.hidden')].filter(Boolean).join(' · ');
}

/**
 * One level of the tree as a list: each category a button that opens it in the editor, with
 * its products and state beside it; a category with children has a disclosure button before it.
 */
function Level({ nodes, label, ...tree }: TreeProps & { nodes: readonly AdminCategoryNode[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, pl: 0, '& &': { pl: { xs: 1.5, sm: 2.5 }, borderLeft: 1, borderColor: 'divider', ml: 2 } }}>
      {nodes.map((c) => {
        const children = tree.index.children.get(c.id) ?? [];
        const isOpen = tree.open.has(c.id);
        const current = c.id === tree.selected;
        return (
          <li key={c.id}>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', columnGap: 0.5 }}>
              {children.length > 0 ? (
                <Button size="small" sx={{ minWidth: 36, px: 0, flexShrink: 0 }} aria-expanded={isOpen} aria-label={t(isOpen ? 'categories.collapse' : 'categories.expand', { name: c.name })} onClick={() => tree.onToggle(c.id)}>
                  <span aria-hidden="true">{isOpen ? '▾' : '▸'}</span>
                </Button>
              ) : (
                <Box component="span" sx={{ width: 36, flexShrink: 0 }} />
              )}
              <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, minWidth: 0 }}>
                <Button
                  size="small"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => tree.onSelect(c.id)}
                  sx={{ textTransform: 'none', textAlign: 'left', fontWeight: current ? 700 : 400, bgcolor: current ? 'action.selected' : undefined, color: c.isActive ? 'primary.main' : 'text.secondary' }}
                >
                  {c.name}
                </Button>
                <Typography component="span" variant="body2" color="text.secondary">
                  {stateText(c)}
                </Typography>
              </Box>
            </Box>
            {children.length > 0 && isOpen && <Level {...tree} nodes={children} label={t('categories.childrenOf', { name: c.name })} />}
          </li>
        );
      })}
    </Box>
  );
}

/**
 * The category tree of the shop (issue #45 point 2): the tree on one side (below on a phone),
 * the chosen category (`?id=`, kept in the address) on the other, with its fields and the
 * buttons that move it. Everything works with the keyboard alone.
 */
export default function Categories() {
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('id')) || null;
  const [picked, setPicked] = useState(false);
  const { query, result } = useCustom<AdminCategoryTree>({ url: '/categories', method: 'get' });
  const tree = result.data;
  const index = useMemo(() => indexTree(tree?.items ?? []), [tree]);
  // Open at first: the levels above the menu's, and the way to the chosen category.
  const [toggled, setToggled] = useState<Map<number, boolean>>(new Map());
  const open = useMemo(() => {
    const ids = new Set((tree?.items ?? []).filter((c) => c.level < 3).map((c) => c.id));
    if (selected) for (const id of lineage(index, selected).slice(1)) ids.add(id);
    for (const [id, isOpen] of toggled) if (isOpen) ids.add(id); else ids.delete(id);
    return ids;
  }, [tree, index, selected, toggled]);
  const select = (id: number) => {
    setPicked(true);
    setParams({ id: String(id) });
  };
  return (
    <Page title={t('categories.title')}>
      <Typography sx={{ mb: 2 }}>{t('categories.intro')}</Typography>
      <ErrorAlert error={query.error} />
      {query.isLoading && <Typography role="status">{t('app.loading')}</Typography>}
      {tree && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' }, gap: 2, alignItems: 'start' }}>
          <Paper component="section" aria-labelledby="albero-categorie" sx={{ p: { xs: 1, sm: 2 } }}>
            <Typography id="albero-categorie" variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('categories.tree')}
            </Typography>
            <Level
              index={index}
              nodes={index.children.get(null) ?? []}
              label={t('categories.tree')}
              selected={selected}
              open={open}
              onToggle={(id) => setToggled((current) => new Map(current).set(id, !open.has(id)))}
              onSelect={select}
            />
          </Paper>
          {selected && index.byId.has(selected) ? (
            <CategoryEditor key={selected} id={selected} index={index} rootId={tree.rootId} blocks={tree.cmsBlocks} focus={picked} onChanged={async () => void (await query.refetch())} />
          ) : (
            <Paper sx={{ p: 2 }}>
              <Typography>{t('categories.pick')}</Typography>
            </Paper>
          )}
        </Box>
      )}
    </Page>
  );
}
